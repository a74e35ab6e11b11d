import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Link as RadixLink, Table } from "@radix-ui/themes";
import { Link } from "react-router";
import { useAcsses } from "../../api/acss";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Acss } from "../../gen/portal/v1/acss_pb";
import { formatTimestamp } from "../../i18n/format";
import { pageTitles } from "../../navigation/pageTitles";
import { DownloadAcssButton } from "./DownloadAcssButton";

/** /acss: the address-correction files with a CSV download per row. */
export function AcssListPage() {
  const { i18n } = useLingui();
  const files = useAcsses();
  return (
    <ListPage
      title={i18n._(pageTitles.acss)}
      actions={
        <CreateButton to="/acss/new">
          <Trans>Create a new acss file</Trans>
        </CreateButton>
      }
    >
      <PagedTable
        items={files.data}
        failed={files.isError}
        empty={
          <Warning>
            <Trans>No acss files found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <Trans>Name</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Description</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>CSV file</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Tenant</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Created at</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Active</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(acss) => <AcssRow key={String(acss.id)} acss={acss} />}
      />
    </ListPage>
  );
}

function AcssRow({ acss }: { acss: Acss }) {
  const { t } = useLingui();
  const path = `/acss/${acss.id}`;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{acss.name}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{acss.description}</Table.Cell>
      <Table.Cell>
        <DownloadAcssButton acss={acss} />
      </Table.Cell>
      <Table.Cell>{acss.tenant?.name}</Table.Cell>
      <Table.Cell>{formatTimestamp(acss.createdAt)}</Table.Cell>
      <Table.Cell>
        {acss.active && (
          <Badge color="green">
            <Trans>Active</Trans>
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        <RowActions
          path={path}
          labels={{ view: t`View ${acss.name}`, edit: t`Edit ${acss.name}`, delete: t`Delete ${acss.name}` }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
