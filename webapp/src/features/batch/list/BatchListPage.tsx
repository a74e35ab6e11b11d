import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useBatchProgressStream } from "../../../api/batchProgress";
import { batchFiles, cachedBatchPage, batchListRefreshMs, batchPageSizes, useBatchPage } from "../../../api/batches";
import { saveDownloaded, useFileDownload } from "../../../api/download";
import { useActiveCustomer } from "../../../auth/activeCustomer";
import { DownloadButton } from "../../../components/DownloadButton";
import { CreateButton, ListPage } from "../../../components/ListPage";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { usePageParams } from "../../../components/pageParams";
import { PageSizeSelect } from "../../../components/PageSizeSelect";
import { RowActions } from "../../../components/RowActions";
import { Warning } from "../../../components/Warning";
import type { Batch } from "../../../gen/portal/v1/batches_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { pageTitles } from "../../../navigation/pageTitles";
import { BatchStatus } from "../common/BatchStatusIcon";
import { batchPollMs } from "../../../shipping/batchStatus";
import { ShippingTabs } from "../../../shipping/ShippingTabs";
import { markedLogin } from "../common/userMark";

/**
 * Every 30 s (spec 2 §9); every 5 s while a job works on a batch shown, so
 * DELETING and sends settle in view, unless the progress stream brings them.
 */
const refreshWhileWorking = (batches: Batch[] | undefined, streamed: boolean) =>
  batches?.some((batch) => batch.inProgress) && !streamed ? batchPollMs : batchListRefreshMs;

/** The source of the batch of single parcels: there is no file to download. */
export const singleParcelsSource = "Single Parcels";

/**
 * /batch (spec 2 §2.1): the active customer's batches, newest first,
 * refreshed every 30 s; a new upload only once a customer is active.
 */
export function BatchListPage() {
  const { i18n, t } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const { page, size, setPage, setSize } = usePageParams(batchPageSizes);
  const request = { customerId: activeCustomer?.id ?? null, page, size };
  // The batches in progress shown follow their progress stream.
  const working = cachedBatchPage(useQueryClient(), request)
    .filter((batch) => batch.inProgress)
    .map((batch) => batch.id);
  const streamed = useBatchProgressStream(working, working.length > 0);
  const batches = useBatchPage(request, (items) => refreshWhileWorking(items, streamed));
  const columns: DataColumn<Batch>[] = [
    {
      id: "createdAt",
      header: t`Created at`,
      meta: { rowHeader: true },
      cell: ({ row }) => formatTimestamp(row.original.createdAt),
    },
    { id: "sentAt", header: t`Sent at`, cell: ({ row }) => formatTimestamp(row.original.sentAt) },
    {
      id: "sentBy",
      header: t`Sent by`,
      cell: ({ row }) => markedLogin(row.original.sentBy, row.original.sentByAdmin),
    },
    {
      id: "source",
      header: t`Source`,
      cell: ({ row }) =>
        row.original.csvFileName === singleParcelsSource ? (
          <Text>{row.original.csvFileName}</Text>
        ) : (
          <SourceDownload batch={row.original} />
        ),
    },
    { id: "status", header: t`Status`, cell: ({ row }) => <BatchStatus batch={row.original} /> },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.batch)}
      actions={
        activeCustomer && (
          <CreateButton to="/batch/new">
            <Trans>Upload a CSV file</Trans>
          </CreateButton>
        )
      }
    >
      <ShippingTabs active="batch" />
      {!activeCustomer ? (
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      ) : (
        <>
          <Flex justify="end">
            <PageSizeSelect sizes={batchPageSizes} size={size} onChange={setSize} />
          </Flex>
          <DataTable
            items={batches.data?.items}
            failed={batches.isError}
            busy={batches.isPlaceholderData}
            empty={
              <Warning>
                <Trans>No batches found</Trans>
              </Warning>
            }
            columns={columns}
            rowId={(batch) => String(batch.id)}
            actions={(batch) => {
              // The server's actions decide (spec 2 §2.1: no view while deleting, no delete while a job works
              // or once a manifest exists); a batch without them offers nothing.
              const viewDisabled = !batch.actions?.view;
              const deleteDisabled = !batch.actions?.delete;
              const name = batch.csvFileName;
              return (
                <RowActions
                  path={`/batch/${batch.id}`}
                  labels={{ view: t`View ${name}`, delete: t`Delete ${name}` }}
                  disabled={{ view: viewDisabled, delete: deleteDisabled }}
                />
              );
            }}
            pagination={{ page, size, total: batches.data?.totalCount ?? 0, onPageChange: setPage }}
          />
        </>
      )}
    </ListPage>
  );
}

/** The uploaded file's name, which downloads it as it was uploaded. */
function SourceDownload({ batch }: { batch: Batch }) {
  const download = useFileDownload();
  const name = batch.csvFileName;
  return (
    <DownloadButton
      fileName={name}
      loading={download.isPending}
      onClick={() =>
        download.mutate({ path: batchFiles.csv(batch.id) }, { onSuccess: (file) => saveDownloaded(file, name) })
      }
    />
  );
}
