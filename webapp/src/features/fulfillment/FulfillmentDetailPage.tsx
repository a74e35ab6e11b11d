import { Trans, useLingui } from "@lingui/react/macro";
import { Heading, Table, Text } from "@radix-ui/themes";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useFulfillment } from "../../api/organisation";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";

/** /fulfillment/{id}: name, CRM ID and the read-only customer list (spec 3 §2). */
export function FulfillmentDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: fulfillment } = useFulfillment(id);
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
          {fulfillment.customers.length === 0 ? (
            <Text size="2" color="gray">
              <Trans>No customers</Trans>
            </Text>
          ) : (
            <Table.Root variant="surface" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <Trans>Customer</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>CRM ID</Trans>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {fulfillment.customers.map((customer) => (
                  <Table.Row key={String(customer.id)}>
                    <Table.Cell>{customer.name}</Table.Cell>
                    <Table.Cell>{customer.crmid}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </DetailView>
      )}
    </FormPage>
  );
}
