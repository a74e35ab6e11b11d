import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  type Batch,
  BatchService,
  type BatchShipment,
  type ShipmentValuesSchema,
  type ValidatedShipment,
} from "../gen/portal/v1/batches_pb";
import { LabelType, ShipmentFilter_Value as ShipmentFilter } from "../gen/portal/v1/vocabulary_pb";
import { cacheBuster, openLink } from "./download";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The BatchService: CSV batches, their rows and shipments (spec 2 §2.1). */
export function useBatchClient() {
  const transport = useTransport();
  return useMemo(() => createClient(BatchService, transport), [transport]);
}

const batchesKey = ["batches"] as const;
const batchKey = (id: bigint | null) => [...batchesKey, "one", String(id)] as const;
const rowsKey = (id: bigint | null) => [...batchesKey, "rows", String(id)] as const;
const shipmentsKey = (id: bigint | null) => [...batchesKey, "shipments", String(id)] as const;

/** Page sizes of the batch and shipment lists (spec 2 §9). */
export const batchPageSizes = [10, 25, 50, 100, 200, 500] as const;

/** The batch list refreshes itself this often (spec 2 §9). */
export const batchListRefreshMs = 30_000;

export type BatchPageRequest = { customerId: bigint | null; page: number; size: number };

/**
 * One page of the active customer's batches, newest first, refreshed every
 * 30 s, or as often as `refreshMs` says for the batches shown.
 */
export function useBatchPage(
  { customerId, page, size }: BatchPageRequest,
  refreshMs: (batches: Batch[] | undefined) => number = () => batchListRefreshMs,
) {
  const client = useBatchClient();
  return useQuery({
    queryKey: [...batchesKey, "page", String(customerId), page, size],
    queryFn: async ({ signal }) => {
      const { batches, totalCount } = await client.listBatches(
        { customerId: customerId ?? 0n, page, pageSize: size },
        { signal },
      );
      return { items: batches, totalCount: Number(totalCount) };
    },
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data?.items),
  });
}

/**
 * One batch with its counts and actions. `pollMs` says, for the batch as last
 * read, how soon to read it again (false: not at all). A batch that is not
 * there (or another customer's) is for the page to say, not a toast.
 */
export function useBatch(id: bigint | null, pollMs: (batch: Batch | null | undefined) => number | false = () => false) {
  const client = useBatchClient();
  return useQuery({
    queryKey: batchKey(id),
    queryFn: async ({ signal }) => (await client.getBatch({ id: id ?? 0n }, { signal })).batch ?? null,
    enabled: id !== null,
    refetchInterval: (query) => pollMs(query.state.data),
    meta: { pageShowsNotFound: true },
  });
}

/** Rows of a batch's grid per page (spec 2 §9). */
export const gridPageSize = 100;

export type GridPageRequest = { page: number; onlyInvalid: boolean };

/** A page of a batch's grid: its rows, the rows on all pages, the most order lines of any row of the batch. */
export type GridPage = { rows: ValidatedShipment[]; total: number; maxOrderLines: number };

/**
 * A page of the grid rows of a batch, in file order, each field with its
 * violations (only the invalid rows when asked); read once `enabled` (the
 * page waits for the batch itself, so an address naming no batch costs one
 * request, not two). The page shown stays while the next one loads.
 */
export function useValidatedShipments(id: bigint | null, { page, onlyInvalid }: GridPageRequest, enabled = true) {
  const client = useBatchClient();
  return useQuery({
    queryKey: [...rowsKey(id), page, onlyInvalid],
    queryFn: async ({ signal }): Promise<GridPage> => {
      const answer = await client.listValidatedShipments(
        { id: id ?? 0n, page, pageSize: gridPageSize, onlyInvalid },
        { signal },
      );
      return { rows: answer.validatedShipments, total: answer.totalCount, maxOrderLines: answer.maxOrderLines };
    },
    enabled: enabled && id !== null,
    placeholderData: keepPreviousData,
    // A batch that is not there is the page's to say, once (GetBatch fails alike).
    meta: { pageShowsNotFound: true },
  });
}

/** Shipment filters of spec 2 §9. */
export { ShipmentFilter };

export type BatchShipmentsRequest = { page: number; size: number; filter: ShipmentFilter };

/** One page of a batch's sent shipments under a filter, read again every `refetchMs` when given. */
export function useBatchShipments(
  id: bigint | null,
  { page, size, filter }: BatchShipmentsRequest,
  enabled = true,
  refetchMs: number | false = false,
) {
  const client = useBatchClient();
  return useQuery({
    queryKey: [...shipmentsKey(id), page, size, filter],
    queryFn: async ({ signal }) => {
      const { shipments, totalCount } = await client.listBatchShipments(
        { id: id ?? 0n, page, pageSize: size, filter },
        { signal },
      );
      return { items: shipments, totalCount: Number(totalCount) };
    },
    enabled: enabled && id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });
}

/** Everything read about a batch is stale: its rows, its shipments, the list. */
export function refreshBatch(queryClient: QueryClient, id: bigint) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rowsKey(id) }),
    queryClient.invalidateQueries({ queryKey: shipmentsKey(id) }),
    queryClient.invalidateQueries({ queryKey: [...batchesKey, "page"] }),
  ]);
}

/** The batch itself is stale (its counts changed after a single shipment's job). */
export function rereadBatch(queryClient: QueryClient, id: bigint) {
  return queryClient.invalidateQueries({ queryKey: batchKey(id) });
}

/** The batch as last read, from the cache (no request). */
export function cachedBatch(queryClient: QueryClient, id: bigint | null): Batch | null | undefined {
  return id === null ? undefined : queryClient.getQueryData<Batch | null>(batchKey(id));
}

/** The list page as last read, from the cache (no request). */
export function cachedBatchPage(queryClient: QueryClient, { customerId, page, size }: BatchPageRequest): Batch[] {
  return (
    queryClient.getQueryData<{ items: Batch[] }>([...batchesKey, "page", String(customerId), page, size])?.items ?? []
  );
}

/** The batches and the list pages are stale: a progress stream stopped, the pages read them again. */
export function rereadBatches(queryClient: QueryClient, ids: readonly bigint[]) {
  return Promise.all([
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: batchKey(id) })),
    queryClient.invalidateQueries({ queryKey: [...batchesKey, "page"] }),
  ]);
}

/**
 * Puts batches a progress stream sent into the cache: each batch's own
 * entry, and its row on every list page read.
 */
export function storeBatches(queryClient: QueryClient, batches: Batch[]) {
  if (batches.length === 0) return;
  const byId = new Map(batches.map((batch) => [batch.id, batch]));
  for (const batch of batches) queryClient.setQueryData(batchKey(batch.id), batch);
  queryClient.setQueriesData<{ items: Batch[]; totalCount: number }>({ queryKey: [...batchesKey, "page"] }, (page) =>
    page && page.items.some((item) => byId.has(item.id))
      ? { ...page, items: page.items.map((item) => byId.get(item.id) ?? item) }
      : page,
  );
}

/** Puts a batch the server answered into the cache, so the page shows it without another read. */
function storeBatch(queryClient: QueryClient, batch: Batch | undefined) {
  if (batch) queryClient.setQueryData(batchKey(batch.id), batch);
}

/** POST web/api/batches: the CSV as bytes (base64 in JSON) for the active customer. */
export function useCreateBatch() {
  const client = useBatchClient();
  return useListMutation(
    batchesKey,
    async (input: { csv: Uint8Array; csvFileName: string; customerId: bigint }) =>
      (
        await client.createBatch({
          csv: input.csv,
          csvFileName: input.csvFileName,
          customer: { id: input.customerId },
        })
      ).batch,
  );
}

/**
 * DELETE web/api/batches/{id}: answers null when the batch is gone, or the
 * batch in DELETING when its labels are cancelled at the carrier first.
 */
export function useDeleteBatch() {
  const client = useBatchClient();
  return useListMutation(batchesKey, async (id: bigint) => (await client.deleteBatch({ id })).batch ?? null);
}

/** The commands that start a job on the batch; each answers the batch in its new status. */
export type BatchCommand =
  | { kind: "send"; labelType: LabelType }
  | { kind: "cancel" }
  | { kind: "resend"; filter: ShipmentFilter; labelType?: LabelType }
  | { kind: "deleteShipments"; filter: ShipmentFilter }
  | { kind: "manifest" };

/**
 * Runs a batch command. Send, cancel, resend, delete shipments and manifests
 * have no time limit (spec 2 §9): the server answers at once anyway, and the
 * page polls until the job settles.
 */
export function useBatchCommand(id: bigint) {
  const client = useBatchClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (command: BatchCommand): Promise<Batch | undefined> => {
      const options = { timeoutMs: 0 };
      switch (command.kind) {
        case "send":
          return (await client.sendBatch({ id, labelType: command.labelType }, options)).batch;
        case "cancel":
          return (await client.cancelBatch({ id }, options)).batch;
        case "resend":
          return (
            await client.resendBatch(
              { id, filter: command.filter, labelType: command.labelType ?? LabelType.LABEL_TYPE_UNSPECIFIED },
              options,
            )
          ).batch;
        case "deleteShipments":
          return (await client.deleteBatchShipments({ id, filter: command.filter }, options)).batch;
        case "manifest":
          return (await client.createBatchManifest({ id }, options)).batch;
      }
    },
    onSuccess: (batch) => {
      storeBatch(queryClient, batch);
      return refreshBatch(queryClient, id);
    },
  });
}

/**
 * A cell edit: the whole row goes to the server, which validates it again;
 * the answer replaces the row in the grid and the batch (its banner counts).
 */
export function useUpdateValidatedShipment(id: bigint) {
  const client = useBatchClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      shipmentId,
      values,
    }: {
      shipmentId: bigint;
      values: MessageInitShape<typeof ShipmentValuesSchema>;
    }) => client.updateValidatedShipment({ id, shipmentId, values }),
    onSuccess: ({ validatedShipment, batch }) => {
      if (validatedShipment) {
        // The row stays where it is on every page read, also under the invalid rows' filter once fixed.
        queryClient.setQueriesData<GridPage>(
          { queryKey: rowsKey(id) },
          (page) =>
            page && {
              ...page,
              rows: page.rows.map((row) => (row.id === validatedShipment.id ? validatedShipment : row)),
            },
        );
      }
      storeBatch(queryClient, batch);
    },
  });
}

/** Sends or cancels one shipment of a sent batch. */
export function useBatchShipmentCommand(id: bigint) {
  const client = useBatchClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      kind,
      shipmentId,
    }: {
      kind: "send" | "cancel";
      shipmentId: bigint;
    }): Promise<BatchShipment | undefined> =>
      kind === "send"
        ? (await client.sendBatchShipment({ id, shipmentId }, { timeoutMs: 0 })).shipment
        : (await client.cancelBatchShipment({ id, shipmentId }, { timeoutMs: 0 })).shipment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentsKey(id) }),
        queryClient.invalidateQueries({ queryKey: batchKey(id) }),
      ]),
  });
}

/** The REST paths of a batch's downloads (spec 2 §7). */
export const batchFiles = {
  labels: (id: bigint) => `/web/api/batches/${id}/labels`,
  customsDocs: (id: bigint) => `/web/api/batches/${id}/customsDocs`,
  manifest: (id: bigint) => `/web/api/batches/${id}/manifest`,
  commercialInvoice: (id: bigint) => `/web/api/batches/${id}/commercial-invoice`,
  csv: (id: bigint) => `/web/api/batches/${id}/csv`,
  traffic: (id: bigint) => `/web/api/batches/${id}/traffic`,
  /** The batch template as an Excel workbook (the CSV template is a document the admins keep). */
  workbookTemplate: "/web/api/batch-template",
};

/** The downloads the batch page opens as plain links (spec 2 §7). */
export type BatchLinkDownload = "labels" | "commercial-invoice";

/**
 * Opens one of the batch's link downloads: asks the server for a download
 * token for this link (good once, for a minute, for this file of this batch)
 * and lets the browser follow `?bearer=<token>`. The session token never
 * goes into the URL. A failure to get the token reaches the failure
 * reporter like any other call.
 */
export function useBatchLinkDownload(id: bigint) {
  const client = useBatchClient();
  return useMutation({
    mutationFn: async (download: BatchLinkDownload) => {
      const { token } = await client.createBatchDownloadToken({ id, download });
      const path = download === "labels" ? batchFiles.labels(id) : batchFiles.commercialInvoice(id);
      openLink(`${path}?${new URLSearchParams({ cacheBuster: cacheBuster(), bearer: token }).toString()}`);
    },
  });
}
