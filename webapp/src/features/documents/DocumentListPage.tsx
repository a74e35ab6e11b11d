import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Badge,
  Button,
  Callout,
  Container,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Table,
  VisuallyHidden,
} from "@radix-ui/themes";
import { Link, Outlet } from "react-router";
import { useDocuments } from "../../api/documents";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { formatDateTime } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { usePageTitle } from "../../shell/usePageTitle";
import { DownloadDocumentButton } from "./DownloadDocumentButton";
import type { KindInfo } from "./kinds";

/**
 * The documents of one kind: name, file, created at and active. Delete is
 * hidden for the active product-codes document (spec 3 §2).
 */
export function DocumentListPage({ info }: { info: KindInfo }) {
  const { i18n } = useLingui();
  const title = i18n._(info.title);
  usePageTitle(title);
  const docs = useDocuments(info.kind);
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          <Button asChild>
            <Link to={`${info.base}/new`}>
              <PlusIcon />
              <Trans>Create a new document</Trans>
            </Link>
          </Button>
        </Flex>
        {!docs.data ? (
          docs.isError ? null : (
            <PageLoading />
          )
        ) : docs.data.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No documents found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
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
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>
                    <Trans>Actions</Trans>
                  </VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {docs.data.map((doc) => (
                <DocumentRow key={String(doc.id)} info={info} doc={doc} />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
      <Outlet />
    </Container>
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
      <Table.Cell>{doc.createdAt ? formatDateTime(timestampDate(doc.createdAt)) : ""}</Table.Cell>
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
        <Flex gap="2" justify="end">
          <IconButton asChild variant="ghost" aria-label={t`View ${doc.name}`}>
            <Link to={path}>
              <EyeOpenIcon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" aria-label={t`Edit ${doc.name}`}>
            <Link to={`${path}/edit`}>
              <Pencil1Icon />
            </Link>
          </IconButton>
          {deletable && (
            <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${doc.name}`}>
              <Link to={`${path}/delete`}>
                <TrashIcon />
              </Link>
            </IconButton>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
