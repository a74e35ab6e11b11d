import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon, EyeOpenIcon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, IconButton, Table, Text } from "@radix-ui/themes";
import { Link, useSearchParams } from "react-router";
import { batchFiles, batchPageSizes, useBatchPage } from "../../api/batches";
import { saveDownloaded, useFileDownload } from "../../api/download";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { pageOf, PageSizeSelect } from "../../components/PageSizeSelect";
import type { Batch } from "../../gen/portal/v1/batches_pb";
import { pageTitles } from "../../routes/pageTitles";
import { BatchStatus } from "./BatchStatusIcon";
import { listRowActions } from "./batchStatus";
import { ShippingTabs } from "./ShippingTabs";
import { when } from "./when";

/** The source of the batch of single parcels: there is no file to download. */
export const singleParcelsSource = "Single Parcels";

/**
 * /batch (spec 2 §2.1): the active customer's batches, newest first,
 * refreshed every 30 s; a new upload only once a customer is active.
 */
export function BatchListPage() {
  const { i18n } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const [search, setSearch] = useSearchParams();
  const { page, size } = pageOf(search, batchPageSizes);
  const batches = useBatchPage({ customerId: activeCustomer?.id ?? null, page, size });
  const update = (next: { page: number; size: number }) => {
    const out: Record<string, string> = {};
    if (next.page > 0) out.page = String(next.page + 1);
    if (next.size !== batchPageSizes[0]) out.size = String(next.size);
    setSearch(out, { replace: true });
  };
  return (
    <ListPage
      title={i18n._(pageTitles.batch)}
      actions={
        activeCustomer && (
          <Button asChild>
            <Link to="/batch/new">
              <PlusIcon />
              <Trans>Upload a CSV file</Trans>
            </Link>
          </Button>
        )
      }
    >
      <ShippingTabs active="batch" />
      {!activeCustomer ? (
        <Callout.Root color="amber" role="alert">
          <Callout.Text>
            <Trans>Please choose a customer first.</Trans>
          </Callout.Text>
        </Callout.Root>
      ) : (
        <>
          <Flex justify="end">
            <PageSizeSelect sizes={batchPageSizes} size={size} onChange={(next) => update({ page: 0, size: next })} />
          </Flex>
          <PagedTable
            items={batches.data?.items}
            failed={batches.isError}
            busy={batches.isPlaceholderData}
            empty={
              <Callout.Root color="amber" role="alert">
                <Callout.Text>
                  <Trans>No batches found</Trans>
                </Callout.Text>
              </Callout.Root>
            }
            columns={
              <>
                <Table.ColumnHeaderCell>
                  <Trans>Created at</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Sent at</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Sent by</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Source</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Status</Trans>
                </Table.ColumnHeaderCell>
              </>
            }
            row={(batch) => <BatchRow key={String(batch.id)} batch={batch} search={search.toString()} />}
            pagination={{
              page,
              size,
              total: batches.data?.totalCount ?? 0,
              onPageChange: (next) => update({ page: next, size }),
            }}
          />
        </>
      )}
    </ListPage>
  );
}

function BatchRow({ batch, search }: { batch: Batch; search: string }) {
  const { t } = useLingui();
  const path = `/batch/${batch.id}`;
  const { viewDisabled, deleteDisabled } = listRowActions(batch.status, batch.actions);
  const name = batch.csvFileName;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>{when(batch.createdAt)}</Table.RowHeaderCell>
      <Table.Cell>{when(batch.sentAt)}</Table.Cell>
      <Table.Cell>{batch.sentBy}</Table.Cell>
      <Table.Cell>{name === singleParcelsSource ? <Text>{name}</Text> : <SourceDownload batch={batch} />}</Table.Cell>
      <Table.Cell>
        <BatchStatus batch={batch} />
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify="end">
          {viewDisabled ? (
            <IconButton variant="ghost" disabled aria-label={t`View ${name}`}>
              <EyeOpenIcon />
            </IconButton>
          ) : (
            <IconButton asChild variant="ghost" aria-label={t`View ${name}`}>
              <Link to={path}>
                <EyeOpenIcon />
              </Link>
            </IconButton>
          )}
          {deleteDisabled ? (
            <IconButton variant="ghost" color="red" disabled aria-label={t`Delete ${name}`}>
              <TrashIcon />
            </IconButton>
          ) : (
            <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${name}`}>
              <Link to={`${path}/delete${search ? `?${search}` : ""}`}>
                <TrashIcon />
              </Link>
            </IconButton>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

/** The uploaded file's name, which downloads it as it was uploaded. */
function SourceDownload({ batch }: { batch: Batch }) {
  const { t } = useLingui();
  const download = useFileDownload();
  const name = batch.csvFileName;
  return (
    <Button
      variant="ghost"
      size="1"
      loading={download.isPending}
      aria-label={t`Download ${name}`}
      onClick={() =>
        download.mutate({ path: batchFiles.csv(batch.id) }, { onSuccess: (file) => saveDownloaded(file, name) })
      }
    >
      <DownloadIcon />
      {name}
    </Button>
  );
}
