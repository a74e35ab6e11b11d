import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useFulfillment } from "../../api/organisation";
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
        <Flex direction="column" gap="5">
          <DataList.Root>
            <DataList.Item>
              <DataList.Label minWidth="120px">
                <Trans>Name</Trans>
              </DataList.Label>
              <DataList.Value>{fulfillment.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">
                <Trans>CRM ID</Trans>
              </DataList.Label>
              <DataList.Value>{fulfillment.crmid || "–"}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
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
          <Flex gap="3">
            <Button asChild variant="soft" color="gray">
              <Link to="/fulfillment">
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/fulfillment/${fulfillment.id}/edit`}>
                <Pencil1Icon />
                <Trans>Edit</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
      )}
    </FormPage>
  );
}
