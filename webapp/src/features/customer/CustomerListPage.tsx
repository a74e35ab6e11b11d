import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Link as RadixLink, TextField } from "@radix-ui/themes";
import { Link, useSearchParams } from "react-router";
import { customerPageSizes, type CustomerPageRequest, useCustomerPage } from "../../api/customers";
import { isAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable, type SortOrder } from "../../components/DataTable";
import { pageOf, pageSearch } from "../../components/pageParams";
import { PageSizeSelect } from "../../components/PageSizeSelect";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Customer } from "../../gen/portal/v1/customers_pb";
import { pageTitles } from "../../navigation/pageTitles";

/** Reads the grid's state from the address, so a reload or a link keeps page, size, sort and filters. */
function requestOf(search: URLSearchParams): CustomerPageRequest {
  return {
    ...pageOf(search, customerPageSizes),
    sort: search.get("sort") === "crmid" ? "crmid" : "name",
    direction: search.get("direction") === "desc" ? "desc" : "asc",
    name: search.get("name") ?? "",
    crmid: search.get("crmid") ?? "",
  };
}

function searchOf(request: CustomerPageRequest): Record<string, string> {
  const out = pageSearch(request, customerPageSizes);
  if (request.sort !== "name") out.sort = request.sort;
  if (request.direction !== "asc") out.direction = request.direction;
  if (request.name) out.name = request.name;
  if (request.crmid) out.crmid = request.crmid;
  return out;
}

const customerPath = (customer: Customer) => `/customer/${customer.id}`;

/**
 * /customer (spec 3 §2, §9): the server-paged grid with page sizes 10 to
 * 500, one sort at a time (name ascending first) and 'contains' filters on
 * name and CRM id. Only admins create and delete.
 */
export function CustomerListPage() {
  const { t, i18n } = useLingui();
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
  const columns: DataColumn<Customer>[] = [
    {
      id: "name",
      header: t`Name`,
      enableSorting: true,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={customerPath(row.original)}>{row.original.name}</Link>
        </RadixLink>
      ),
    },
    { id: "crmid", header: t`CRM ID`, enableSorting: true, cell: ({ row }) => row.original.crmid },
    { id: "hub", header: t`Hub`, cell: ({ row }) => row.original.hub?.name },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.customer)}
      actions={
        admin && (
          <CreateButton to="/customer/new">
            <Trans>Create a new customer</Trans>
          </CreateButton>
        )
      }
    >
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
        <PageSizeSelect sizes={customerPageSizes} size={request.size} onChange={(size) => update({ size, page: 0 })} />
      </Flex>
      <DataTable
        items={customers.data?.items}
        failed={customers.isError}
        empty={
          <Warning>
            <Trans>No Customers found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(customer) => String(customer.id)}
        sort={{ order: sort, onSort }}
        actions={(customer) => {
          const name = customer.name;
          return (
            <RowActions
              path={customerPath(customer)}
              labels={{ view: t`View ${name}`, edit: t`Edit ${name}`, delete: admin ? t`Delete ${name}` : undefined }}
            />
          );
        }}
        pagination={{
          page: request.page,
          size: request.size,
          total: customers.data?.totalCount ?? 0,
          onPageChange: (page) => update({ page }),
        }}
      />
    </ListPage>
  );
}
