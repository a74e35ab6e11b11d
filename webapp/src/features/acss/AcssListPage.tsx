import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import { useAcsses } from "../../api/acss";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Acss } from "../../gen/portal/v1/acss_pb";
import { formatTimestamp } from "../../i18n/formatTimestamp";
import { pageTitles } from "../../navigation/pageTitles";
import { DownloadAcssButton } from "./DownloadAcssButton";

const acssPath = (acss: Acss) => `/acss/${acss.id}`;

/** /acss: the address-correction files with a CSV download per row. */
export function AcssListPage() {
  const { i18n, t } = useLingui();
  const files = useAcsses();
  const columns: DataColumn<Acss>[] = [
    {
      id: "name",
      header: t`Name`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={acssPath(row.original)}>{row.original.name}</Link>
        </RadixLink>
      ),
    },
    { id: "description", header: t`Description`, cell: ({ row }) => row.original.description },
    { id: "csv", header: t`CSV file`, cell: ({ row }) => <DownloadAcssButton acss={row.original} /> },
    { id: "tenant", header: t`Tenant`, cell: ({ row }) => row.original.tenant?.name },
    { id: "createdAt", header: t`Created at`, cell: ({ row }) => formatTimestamp(row.original.createdAt) },
    {
      id: "active",
      header: t`Active`,
      cell: ({ row }) =>
        row.original.active && (
          <Badge color="green">
            <Trans>Active</Trans>
          </Badge>
        ),
    },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.acss)}
      actions={
        <CreateButton to="/acss/new">
          <Trans>Create a new acss file</Trans>
        </CreateButton>
      }
    >
      <DataTable
        items={files.data}
        failed={files.isError}
        empty={
          <Warning>
            <Trans>No acss files found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(acss) => String(acss.id)}
        actions={(acss) => (
          <RowActions
            path={acssPath(acss)}
            labels={{ view: t`View ${acss.name}`, edit: t`Edit ${acss.name}`, delete: t`Delete ${acss.name}` }}
          />
        )}
      />
    </ListPage>
  );
}
