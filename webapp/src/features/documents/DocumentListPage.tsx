import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Link as RadixLink, Table } from "@radix-ui/themes";
import { Link } from "react-router";
import { useDocuments } from "../../api/documents";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { formatTimestamp } from "../../i18n/format";
import { DownloadDocumentButton } from "./DownloadDocumentButton";
import type { KindInfo } from "./kinds";

/**
 * The documents of one kind: name, file, created at and active. Delete is
 * hidden for the active product-codes document (spec 3 §2).
 */
export function DocumentListPage({ info }: { info: KindInfo }) {
  const { i18n } = useLingui();
  const docs = useDocuments(info.kind);
  return (
    <ListPage
      title={i18n._(info.title)}
      actions={
        <CreateButton to={`${info.base}/new`}>
          <Trans>Create a new document</Trans>
        </CreateButton>
      }
    >
      <PagedTable
        items={docs.data}
        failed={docs.isError}
        empty={
          <Warning>
            <Trans>No documents found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <Trans>Name</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Document</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Created at</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Active</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(doc) => <DocumentRow key={String(doc.id)} info={info} doc={doc} />}
      />
    </ListPage>
  );
}

function DocumentRow({ info, doc }: { info: KindInfo; doc: Document }) {
  const { t } = useLingui();
  const path = `${info.base}/${doc.id}`;
  const deletable = !(info.kind === "productCodes" && doc.active);
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{doc.name}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>
        <DownloadDocumentButton kind={info.kind} doc={doc} />
      </Table.Cell>
      <Table.Cell>{formatTimestamp(doc.createdAt)}</Table.Cell>
      <Table.Cell>
        {doc.active ? (
          <Badge color="green">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge color="gray">
            <Trans>Inactive</Trans>
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        <RowActions
          path={path}
          labels={{
            view: t`View ${doc.name}`,
            edit: t`Edit ${doc.name}`,
            delete: deletable ? t`Delete ${doc.name}` : undefined,
          }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
