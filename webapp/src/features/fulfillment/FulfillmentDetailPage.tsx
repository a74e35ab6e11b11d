import { Trans, useLingui } from "@lingui/react/macro";
import { Heading, Text } from "@radix-ui/themes";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useFulfillment } from "../../api/organisation";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import type { CustomerRef } from "../../gen/portal/v1/organisation_pb";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";

/** /fulfillment/{id}: name, CRM ID and the read-only customer list (spec 3 §2). */
export function FulfillmentDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: fulfillment } = useFulfillment(id);
  const customerColumns: DataColumn<CustomerRef>[] = [
    { id: "name", header: t`Customer`, cell: ({ row }) => row.original.name },
    { id: "crmid", header: t`CRM ID`, cell: ({ row }) => row.original.crmid },
  ];
  return (
    <FormPage title={t`Fulfillment`}>
      {!fulfillment ? (
        <PageLoading />
      ) : (
        <DetailView backTo="/fulfillment" editTo={`/fulfillment/${fulfillment.id}/edit`}>
          <Facts>
            <Fact label={<Trans>Name</Trans>}>{fulfillment.name}</Fact>
            <Fact label={<Trans>CRM ID</Trans>}>{fulfillment.crmid}</Fact>
          </Facts>
          <Heading as="h2" size="4">
            <Trans>Customers</Trans>
          </Heading>
          <DataTable
            items={fulfillment.customers}
            empty={
              <Text size="2" color="gray">
                <Trans>No customers</Trans>
              </Text>
            }
            columns={customerColumns}
            rowId={(customer) => String(customer.id)}
            rowProps={() => ({ align: undefined })}
            size="1"
          />
        </DetailView>
      )}
    </FormPage>
  );
}
