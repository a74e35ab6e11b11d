import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Button,
  Callout,
  Container,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Select,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from "@radix-ui/themes";
import { Link, Outlet, useSearchParams } from "react-router";
import { customerPageSizes, type CustomerPageRequest, useCustomerPage } from "../../api/customers";
import { isAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { Pagination } from "../../components/Pagination";
import { SortableHeader, type SortOrder } from "../../components/SortableHeader";
import type { Customer } from "../../gen/portal/v1/customers_pb";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";

/** Reads the grid's state from the address, so a reload or a link keeps page, size, sort and filters. */
function requestOf(search: URLSearchParams): CustomerPageRequest {
  const size = Number.parseInt(search.get("size") ?? "", 10);
  const sort = search.get("sort") === "crmid" ? "crmid" : "name";
  return {
    page: Math.max(0, (Number.parseInt(search.get("page") ?? "1", 10) || 1) - 1),
    size: (customerPageSizes as readonly number[]).includes(size) ? size : customerPageSizes[0],
    sort,
    direction: search.get("direction") === "desc" ? "desc" : "asc",
    name: search.get("name") ?? "",
    crmid: search.get("crmid") ?? "",
  };
}

function searchOf(request: CustomerPageRequest): Record<string, string> {
  const out: Record<string, string> = {};
  if (request.page > 0) out.page = String(request.page + 1);
  if (request.size !== customerPageSizes[0]) out.size = String(request.size);
  if (request.sort !== "name") out.sort = request.sort;
  if (request.direction !== "asc") out.direction = request.direction;
  if (request.name) out.name = request.name;
  if (request.crmid) out.crmid = request.crmid;
  return out;
}

/**
 * /customer (spec 3 §2, §9): the server-paged grid with page sizes 10 to
 * 500, one sort at a time (name ascending first) and 'contains' filters on
 * name and CRM id. Only admins create and delete.
 */
export function CustomerListPage() {
  const { t, i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.customer));
  const session = useSession();
  const admin = session !== null && isAdmin(session);
  const [search, setSearch] = useSearchParams();
  const request = requestOf(search);
  const customers = useCustomerPage(request);
  const update = (change: Partial<CustomerPageRequest>) =>
    setSearch(searchOf({ ...request, ...change }), { replace: true });
  const sort: SortOrder = { field: request.sort, direction: request.direction };
  const onSort = (next: SortOrder) =>
    update({ sort: next.field === "crmid" ? "crmid" : "name", direction: next.direction, page: 0 });
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.customer)}
          </Heading>
          {admin && (
            <Button asChild>
              <Link to="/customer/new">
                <PlusIcon />
                <Trans>Create a new customer</Trans>
              </Link>
            </Button>
          )}
        </Flex>
        <Flex gap="3" wrap="wrap" align="end">
          <TextField.Root
            aria-label={t`Filter by name`}
            placeholder={t`Name contains`}
            value={request.name}
            onChange={(event) => update({ name: event.target.value, page: 0 })}
          />
          <TextField.Root
            aria-label={t`Filter by CRM ID`}
            placeholder={t`CRM ID contains`}
            value={request.crmid}
            onChange={(event) => update({ crmid: event.target.value, page: 0 })}
          />
          <Flex gap="2" align="center">
            <Text size="2" as="label" htmlFor="customer-page-size">
              <Trans>Items per page</Trans>
            </Text>
            <Select.Root value={String(request.size)} onValueChange={(size) => update({ size: Number(size), page: 0 })}>
              <Select.Trigger id="customer-page-size" />
              <Select.Content>
                {customerPageSizes.map((size) => (
                  <Select.Item key={size} value={String(size)}>
                    {size}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        </Flex>
        {!customers.data ? (
          customers.isError ? null : (
            <PageLoading />
          )
        ) : customers.data.items.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No Customers found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <SortableHeader field="name" sort={sort} onSort={onSort}>
                    <Trans>Name</Trans>
                  </SortableHeader>
                  <SortableHeader field="crmid" sort={sort} onSort={onSort}>
                    <Trans>CRM ID</Trans>
                  </SortableHeader>
                  <Table.ColumnHeaderCell>
                    <Trans>Hub</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {customers.data.items.map((customer) => (
                  <CustomerRow key={String(customer.id)} customer={customer} admin={admin} search={search.toString()} />
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination
              page={request.page}
              size={request.size}
              total={customers.data.totalCount}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </Flex>
      <Outlet />
    </Container>
  );
}

function CustomerRow({ customer, admin, search }: { customer: Customer; admin: boolean; search: string }) {
  const { t } = useLingui();
  const name = customer.name;
  const path = `/customer/${customer.id}`;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{name}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{customer.crmid}</Table.Cell>
      <Table.Cell>{customer.hub?.name}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify="end">
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
          {admin && (
            <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${name}`}>
              <Link to={`${path}/delete${search ? `?${search}` : ""}`}>
                <TrashIcon />
              </Link>
            </IconButton>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
