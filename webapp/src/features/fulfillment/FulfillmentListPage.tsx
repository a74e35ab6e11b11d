import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import { useFulfillmentPage } from "../../api/organisation";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { usePageParams } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Fulfillment } from "../../gen/portal/v1/fulfillments_pb";
import { pageTitles } from "../../navigation/pageTitles";

const pageSizes = [20];

/** /fulfillment (spec 3 §2): name, CRM ID, edit and delete; the delete confirmation opens over the list. */
export function FulfillmentListPage() {
  const { i18n, t } = useLingui();
  const { page, size, setPage } = usePageParams(pageSizes);
  const fulfillments = useFulfillmentPage({ page, size });
  const columns: DataColumn<Fulfillment>[] = [
    {
      id: "name",
      header: t`Name`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={`/fulfillment/${row.original.id}`}>{row.original.name}</Link>
        </RadixLink>
      ),
    },
    { id: "crmid", header: t`CRM ID`, cell: ({ row }) => row.original.crmid },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.fulfillment)}
      actions={
        <CreateButton to="/fulfillment/new">
          <Trans>Create a new fulfillment</Trans>
        </CreateButton>
      }
    >
      <DataTable
        items={fulfillments.data?.items}
        failed={fulfillments.isError}
        empty={
          <Warning>
            <Trans>No Fulfillments found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(fulfillment) => String(fulfillment.id)}
        actions={({ id, name }) => (
          <RowActions
            path={`/fulfillment/${id}`}
            labels={{ view: t`View ${name}`, edit: t`Edit ${name}`, delete: t`Delete ${name}` }}
          />
        )}
        pagination={{ page, size, total: fulfillments.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}
