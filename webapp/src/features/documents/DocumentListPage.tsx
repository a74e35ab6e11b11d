import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import { useDocuments } from "../../api/documents";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { formatTimestamp } from "../../i18n/formatTimestamp";
import { DownloadDocumentButton } from "./DownloadDocumentButton";
import type { KindInfo } from "./kinds";

/**
 * The documents of one kind: name, file, created at and active. Delete is
 * hidden for the active product-codes document (spec 3 §2).
 */
export function DocumentListPage({ info }: { info: KindInfo }) {
  const { i18n, t } = useLingui();
  const docs = useDocuments(info.kind);
  const pathOf = (doc: Document) => `${info.base}/${doc.id}`;
  const columns: DataColumn<Document>[] = [
    {
      id: "name",
      header: t`Name`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={pathOf(row.original)}>{row.original.name}</Link>
        </RadixLink>
      ),
    },
    {
      id: "document",
      header: t`Document`,
      cell: ({ row }) => <DownloadDocumentButton kind={info.kind} doc={row.original} />,
    },
    { id: "createdAt", header: t`Created at`, cell: ({ row }) => formatTimestamp(row.original.createdAt) },
    {
      id: "active",
      header: t`Active`,
      cell: ({ row }) =>
        row.original.active ? (
          <Badge color="green">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge color="gray">
            <Trans>Inactive</Trans>
          </Badge>
        ),
    },
  ];
  return (
    <ListPage
      title={i18n._(info.title)}
      actions={
        <CreateButton to={`${info.base}/new`}>
          <Trans>Create a new document</Trans>
        </CreateButton>
      }
    >
      <DataTable
        items={docs.data}
        failed={docs.isError}
        empty={
          <Warning>
            <Trans>No documents found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(doc) => String(doc.id)}
        actions={(doc) => {
          const deletable = !(info.kind === "productCodes" && doc.active);
          return (
            <RowActions
              path={pathOf(doc)}
              labels={{
                view: t`View ${doc.name}`,
                edit: t`Edit ${doc.name}`,
                delete: deletable ? t`Delete ${doc.name}` : undefined,
              }}
            />
          );
        }}
      />
    </ListPage>
  );
}
