import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Callout, Container, Flex, Heading, IconButton, Link as RadixLink, Table } from "@radix-ui/themes";
import { Link, Outlet, useSearchParams } from "react-router";
import { useFulfillmentPage } from "../../api/organisation";
import { Pagination } from "../../components/Pagination";
import type { Fulfillment } from "../../gen/portal/v1/fulfillments_pb";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";

const pageSize = 20;

/** /fulfillment (spec 3 §2): name, CRM ID, edit and delete; the delete confirmation opens over the list. */
export function FulfillmentListPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.fulfillment));
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number.parseInt(search.get("page") ?? "1", 10) - 1) || 0;
  const fulfillments = useFulfillmentPage({ page, size: pageSize });
  const setPage = (next: number) => setSearch(next === 0 ? {} : { page: String(next + 1) }, { replace: true });
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.fulfillment)}
          </Heading>
          <Button asChild>
            <Link to="/fulfillment/new">
              <PlusIcon />
              <Trans>Create a new fulfillment</Trans>
            </Link>
          </Button>
        </Flex>
        {!fulfillments.data ? (
          fulfillments.isError ? null : (
            <PageLoading />
          )
        ) : fulfillments.data.items.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No Fulfillments found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <Trans>Name</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>CRM ID</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Actions</Trans>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {fulfillments.data.items.map((fulfillment) => (
                  <FulfillmentRow key={String(fulfillment.id)} fulfillment={fulfillment} search={search.toString()} />
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination page={page} size={pageSize} total={fulfillments.data.totalCount} onPageChange={setPage} />
          </>
        )}
      </Flex>
      <Outlet />
    </Container>
  );
}

function FulfillmentRow({ fulfillment, search }: { fulfillment: Fulfillment; search: string }) {
  const { t } = useLingui();
  const path = `/fulfillment/${fulfillment.id}`;
  const name = fulfillment.name;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{name}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{fulfillment.crmid}</Table.Cell>
      <Table.Cell>
        <Flex gap="2">
          <IconButton asChild variant="ghost" aria-label={t`View ${name}`}>
            <Link to={path}>
              <EyeOpenIcon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" aria-label={t`Edit ${name}`}>
            <Link to={`${path}/edit`}>
              <Pencil1Icon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${name}`}>
            <Link to={`${path}/delete${search ? `?${search}` : ""}`}>
              <TrashIcon />
            </Link>
          </IconButton>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
