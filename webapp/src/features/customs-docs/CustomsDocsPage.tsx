import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon, UploadIcon } from "@radix-ui/react-icons";
import { Box, Button, Checkbox, Flex, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { isAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import {
  bulkFileName,
  documentFileName,
  maxBulkDocuments,
  useBulkDownloadCustomsDocuments,
  useCustomsDocuments,
  useDownloadCustomsDocument,
} from "../../api/customsDocs";
import { saveDownloaded } from "../../api/download";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { ListPage } from "../../components/ListPage";
import { Warning } from "../../components/Warning";
import { describeFailure } from "../../errors/describeFailure";
import { showNotices } from "../../errors/notices";
import type { CustomsDocument } from "../../gen/portal/v1/customsdocs_pb";
import { formatTimestamp } from "../../i18n/formatTimestamp";
import { pageTitles } from "../../navigation/pageTitles";
import { UploadDialog } from "./UploadDialog";

/** Spec 2 §2.6 and §9: the customs table is 600 px high. */
const tableHeight = "600px";

/** A success toast stays 4 s. */
const successMs = 4000;

/** Tells a failure as a toast under a title of its own (spec 2 §8); the server's reason is its text. */
function notifyFailure(title: MessageDescriptor, error: unknown) {
  const outcome = describeFailure(error);
  if (outcome.kind !== "notify") return;
  showNotices(outcome.messages.map((m) => ({ title, text: m.text })));
}

/**
 * /customs-docs (spec 2 §2.6): the customs documents of the active
 * customer's CRM id (all the caller may see when there is no active
 * customer), newest first; download one (the list reloads, showing the last
 * download), or select some and download them as one zip.
 */
export function CustomsDocsPage() {
  const { activeCustomer } = useActiveCustomer();
  const crmId = activeCustomer?.crmid ?? "";
  // Another customer's documents start without a selection: the selection goes with the list it was made in.
  return <CustomsDocs key={crmId} crmId={crmId} />;
}

function CustomsDocs({ crmId }: { crmId: string }) {
  const { i18n, t } = useLingui();
  const session = useSession();
  const [uploading, setUploading] = useState(false);
  const docs = useCustomsDocuments(crmId);
  const downloadOne = useDownloadCustomsDocument();
  const bulk = useBulkDownloadCustomsDocuments();
  const [selected, setSelected] = useState<ReadonlySet<bigint>>(new Set());
  const items = docs.data;

  useEffect(() => {
    if (docs.isError) notifyFailure(msg`The customs documents could not be loaded.`, docs.error);
  }, [docs.isError, docs.error]);

  const toggle = (id: bigint, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const download = (doc: CustomsDocument) =>
    downloadOne.mutate(doc.id, {
      onSuccess: (file) => saveDownloaded(file, documentFileName),
      onError: (error) => notifyFailure(msg`The customs document could not be downloaded.`, error),
    });
  const downloadSelected = () =>
    bulk.mutate([...selected], {
      onSuccess: (file) => {
        saveDownloaded(file, bulkFileName);
        showNotices([{ text: msg`${selected.size} customs documents downloaded.` }], {
          tone: "info",
          duration: successMs,
        });
        setSelected(new Set());
      },
      onError: (error) => notifyFailure(msg`The customs documents could not be downloaded.`, error),
    });

  const all = items ?? [];
  const columns: DataColumn<CustomsDocument>[] = [
    {
      id: "select",
      header: () => (
        <Checkbox
          aria-label={t`Select all customs documents`}
          disabled={all.length === 0}
          checked={all.length > 0 && all.every((d) => selected.has(d.id))}
          onCheckedChange={(on) => setSelected(new Set(on === true ? all.map((d) => d.id) : []))}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t`Select ${row.original.filename}`}
          checked={selected.has(row.original.id)}
          onCheckedChange={(on) => toggle(row.original.id, on === true)}
        />
      ),
    },
    { id: "filename", header: t`File name`, meta: { rowHeader: true }, cell: ({ row }) => row.original.filename },
    { id: "crmId", header: t`CRM id`, cell: ({ row }) => row.original.crmId },
    { id: "uploadedAt", header: t`Uploaded at`, cell: ({ row }) => formatTimestamp(row.original.uploadedAt) },
    { id: "uploadedBy", header: t`Uploaded by`, cell: ({ row }) => row.original.uploadedBy },
    {
      id: "lastDownloadedAt",
      header: t`Last downloaded at`,
      cell: ({ row }) => formatTimestamp(row.original.lastDownloadedAt) || "-",
    },
    {
      id: "lastDownloadedBy",
      header: t`Last downloaded by`,
      cell: ({ row }) => row.original.lastDownloadedBy || "-",
    },
  ];
  const tooMany = selected.size > maxBulkDocuments;

  return (
    <ListPage
      title={i18n._(pageTitles.customsDocs)}
      actions={
        session &&
        isAdmin(session) && (
          <Button variant="soft" onClick={() => setUploading(true)}>
            <UploadIcon />
            <Trans>Upload a customs document</Trans>
          </Button>
        )
      }
    >
      {selected.size > 0 && (
        <Flex gap="3" align="center" wrap="wrap" role="region" aria-label={t`Selection`}>
          <Text size="2" weight="medium">
            <Trans>{selected.size} selected</Trans>
          </Text>
          <Button onClick={downloadSelected} loading={bulk.isPending} disabled={tooMany}>
            <DownloadIcon />
            <Trans>Bulk download</Trans>
          </Button>
          <Button variant="soft" color="gray" onClick={() => setSelected(new Set())}>
            <Trans>Clear selection</Trans>
          </Button>
          {tooMany && (
            <Text size="2" color="red">
              <Trans>At most {maxBulkDocuments} documents can be downloaded at once.</Trans>
            </Text>
          )}
        </Flex>
      )}
      <Box style={{ maxHeight: tableHeight, overflowY: "auto" }} data-testid="customs-docs-table">
        <DataTable
          items={items}
          failed={docs.isError}
          busy={docs.isFetching || bulk.isPending}
          empty={
            <Warning>
              <Trans>No customs documents found.</Trans>
            </Warning>
          }
          columns={columns}
          rowId={(d) => String(d.id)}
          actions={(d) => (
            <Tooltip content={t`Download`}>
              <IconButton
                variant="ghost"
                aria-label={t`Download ${d.filename}`}
                disabled={downloadOne.isPending && downloadOne.variables === d.id}
                onClick={() => download(d)}
              >
                <DownloadIcon />
              </IconButton>
            </Tooltip>
          )}
        />
      </Box>
      {uploading && <UploadDialog crmId={crmId} onClose={() => setUploading(false)} />}
    </ListPage>
  );
}
