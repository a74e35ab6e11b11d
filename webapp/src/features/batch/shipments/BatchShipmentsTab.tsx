import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, PaperPlaneIcon, ReloadIcon, StopIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  batchPageSizes,
  rereadBatch,
  ShipmentFilter,
  useBatchCommand,
  useBatchShipmentCommand,
  useBatchShipments,
} from "../../../api/batches";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { PageSizeSelect } from "../../../components/PageSizeSelect";
import type { Batch, BatchActions, BatchShipment, BulkActions } from "../../../gen/portal/v1/batches_pb";
import { Warning } from "../../../components/Warning";
import { ShipmentFilterControl, useShipmentColumns } from "../../../shipping/ShipmentTable";
import { LabelTypeSelect } from "../actions/LabelTypeSelect";
import { LabelButton } from "../../../printing/LabelButton";
import { LabelType } from "../../../shipping/labelTypes";
import { holdsLabel } from "../../../shipping/liveLabel";
import { shipmentLabelPath } from "../../../api/shipments";
import { follow, type Pending, pendingPollMs, stillPending } from "./pendingShipments";

/**
 * The Shipments tab of a batch (spec 2 §2.1, §4.3, §5.2): the shipments the
 * carrier got, paged on the server, filtered to all, the changed or the
 * failed ones; resend and delete in bulk, send again or cancel one shipment,
 * as the server's flags allow (BatchActions per filter, BatchShipment per row).
 */
export function BatchShipmentsTab({ batch }: { batch: Batch }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<ShipmentFilter>(ShipmentFilter.ALL);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(batchPageSizes[0]);
  const [pending, setPending] = useState<Pending>({});
  const following = Object.keys(pending).length > 0;
  const shipments = useBatchShipments(batch.id, { page, size, filter }, true, following && pendingPollMs);
  useFollowUp(batch.id, shipments.data, shipments.dataUpdatedAt, pending, setPending);
  const single = useBatchShipmentCommand(batch.id);
  const runSingle = (kind: "send" | "cancel", shipment: BatchShipment) =>
    single.mutate(
      { kind, shipmentId: shipment.id },
      { onSuccess: (queued) => setPending((current) => follow(current, queued ?? shipment, Date.now())) },
    );
  const command = useBatchCommand(batch.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A resend of ALL may label anew in another type; the others keep the batch's (spec 2 §2.2).
  const [labelType, setLabelType] = useState<LabelType>(batch.labelType || LabelType.PDF);
  const bulk = bulkOf(batch.actions, filter);
  const canResend = !!bulk?.resend;
  const canDelete = !!bulk?.deleteShipments;
  const columns = [
    { id: "position", header: "#", meta: { rowHeader: true }, cell: ({ row }) => row.original.position },
    ...useShipmentColumns({
      id: "referenceNumber",
      header: t`Reference number`,
      cell: ({ row }) => row.original.referenceNumber,
    }),
  ] satisfies DataColumn<BatchShipment>[];
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" wrap="wrap" align="center" justify="between">
        <Flex gap="3" wrap="wrap" align="center">
          <ShipmentFilterControl
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(0);
            }}
          />
          <LabelTypeSelect
            id="shipments-label-type"
            value={labelType}
            onChange={setLabelType}
            disabled={filter !== ShipmentFilter.ALL}
          />
          <Button
            variant="soft"
            disabled={!canResend || command.isPending}
            onClick={() =>
              command.mutate({
                kind: "resend",
                filter,
                labelType: filter === ShipmentFilter.ALL ? labelType : undefined,
              })
            }
          >
            <ReloadIcon />
            <Trans>Resend shipments</Trans>
          </Button>
          <Button
            variant="soft"
            color="red"
            disabled={!canDelete || command.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            <TrashIcon />
            <Trans>Delete shipments</Trans>
          </Button>
        </Flex>
        <PageSizeSelect
          sizes={batchPageSizes}
          size={size}
          onChange={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </Flex>
      <DataTable
        items={shipments.data?.items}
        failed={shipments.isError}
        busy={shipments.isPlaceholderData}
        empty={
          <Warning>
            <Trans>No shipments found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(shipment) => String(shipment.id)}
        actions={(shipment) => (
          <ShipmentActions
            shipment={shipment}
            busy={String(shipment.id) in pending || (single.isPending && single.variables?.shipmentId === shipment.id)}
            onSend={() => runSingle("send", shipment)}
            onCancel={() => runSingle("cancel", shipment)}
          />
        )}
        pagination={{ page, size, total: shipments.data?.totalCount ?? 0, onPageChange: setPage }}
      />
      {confirmDelete && (
        <ConfirmDialog
          title={<Trans>Delete shipments?</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          color="red"
          onConfirm={() => command.mutate({ kind: "deleteShipments", filter })}
          onClose={() => setConfirmDelete(false)}
        >
          {filter === ShipmentFilter.ALL ? (
            <Trans>All shipments of the batch are cancelled at the carrier and deleted.</Trans>
          ) : (
            <Trans>The changed shipments of the batch are cancelled at the carrier and deleted.</Trans>
          )}
        </ConfirmDialog>
      )}
    </Flex>
  );
}

/** The server's resend and delete for the filter. */
function bulkOf(actions: BatchActions | undefined, filter: ShipmentFilter): BulkActions | undefined {
  const byFilter: Record<ShipmentFilter, BulkActions | undefined> = {
    [ShipmentFilter.SHIPMENT_FILTER_UNSPECIFIED]: actions?.bulkAll,
    [ShipmentFilter.ALL]: actions?.bulkAll,
    [ShipmentFilter.CHANGED]: actions?.bulkChanged,
    [ShipmentFilter.ERROR]: actions?.bulkError,
  };
  return byFilter[filter];
}

/**
 * Reads each page (every read, also one that found nothing new) against the
 * shipments being followed: those that changed, or whose minute is up, are
 * no longer followed, and the batch, whose counts they change, is read again.
 */
function useFollowUp(
  batchId: bigint,
  page: { items: BatchShipment[] } | undefined,
  readAt: number,
  pending: Pending,
  setPending: (next: Pending) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const next = stillPending(pending, page?.items, Date.now());
    if (Object.keys(next).length === Object.keys(pending).length) return;
    setPending(next);
    void rereadBatch(queryClient, batchId);
  }, [page, readAt, pending, setPending, batchId, queryClient]);
}

type ShipmentActionsProps = {
  shipment: BatchShipment;
  /** A single send or cancel of it is on its way. */
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
};

/** Send again, cancel and view one shipment, as the server's flags of the row allow. */
function ShipmentActions({ shipment, busy, onSend, onCancel }: ShipmentActionsProps) {
  const { t } = useLingui();
  const reference = shipment.referenceNumber || String(shipment.position);
  const canSend = shipment.updateable;
  const canCancel = shipment.cancellable;
  return (
    <Flex gap="2" justify="end">
      {canSend && (
        <IconButton variant="ghost" aria-label={t`Send ${reference} again`} loading={busy} onClick={onSend}>
          <PaperPlaneIcon />
        </IconButton>
      )}
      {canCancel && (
        <IconButton variant="ghost" color="red" aria-label={t`Cancel ${reference}`} loading={busy} onClick={onCancel}>
          <StopIcon />
        </IconButton>
      )}
      {holdsLabel(shipment) && (
        <LabelButton
          path={shipmentLabelPath(shipment.id)}
          labelType={shipment.labelType}
          name={reference}
          selection={{ case: "shipments", value: { ids: [shipment.id] } }}
        />
      )}
      <IconButton asChild variant="ghost" aria-label={t`View ${reference}`}>
        <Link to={`/shipment/${shipment.id}`}>
          <EyeOpenIcon />
        </Link>
      </IconButton>
    </Flex>
  );
}
