import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink, Table } from "@radix-ui/themes";
import { Link } from "react-router";
import { useFulfillmentPage } from "../../api/organisation";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { usePageParams } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Fulfillment } from "../../gen/portal/v1/fulfillments_pb";
import { pageTitles } from "../../navigation/pageTitles";

const pageSizes = [20];

/** /fulfillment (spec 3 §2): name, CRM ID, edit and delete; the delete confirmation opens over the list. */
export function FulfillmentListPage() {
  const { i18n } = useLingui();
  const { page, size, setPage } = usePageParams(pageSizes);
  const fulfillments = useFulfillmentPage({ page, size });
  return (
    <ListPage
      title={i18n._(pageTitles.fulfillment)}
      actions={
        <CreateButton to="/fulfillment/new">
          <Trans>Create a new fulfillment</Trans>
        </CreateButton>
      }
    >
      <PagedTable
        items={fulfillments.data?.items}
        failed={fulfillments.isError}
        empty={
          <Warning>
            <Trans>No Fulfillments found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <Trans>Name</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>CRM ID</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(fulfillment) => <FulfillmentRow key={String(fulfillment.id)} fulfillment={fulfillment} />}
        pagination={{ page, size, total: fulfillments.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}

function FulfillmentRow({ fulfillment }: { fulfillment: Fulfillment }) {
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
        <RowActions path={path} labels={{ view: t`View ${name}`, edit: t`Edit ${name}`, delete: t`Delete ${name}` }} />
      </Table.Cell>
    </Table.Row>
  );
}
