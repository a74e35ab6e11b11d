import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useBatch, useDeleteBatch } from "../../../api/batches";
import { parseId } from "../../../api/ids";
import { RouteDeleteDialog } from "../../../components/RouteDeleteDialog";
import { showNotices } from "../../../errors/notices";
import { isNotFound } from "../../../errors/reportFailure";
import { type Batch, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { batchStatusName } from "../common/batchStatusName";

/**
 * /batch/{id}/delete: the confirmation over the list; back to the list
 * afterwards, where a batch whose labels are cancelled first shows DELETING. The list disables Delete where the server would refuse it, but
 * the address can still be opened: then the dialog says why and offers no
 * Delete (the server's Batch.actions.delete decides).
 */
export function BatchDeleteDialog() {
  const { i18n } = useLingui();
  const id = parseId(useParams().id);
  const { data: batch, error } = useBatch(id);
  const remove = useDeleteBatch();
  const name = batch?.csvFileName ?? "";
  const shown = String(id ?? "");
  const missing = id === null || isNotFound(error);
  return (
    <RouteDeleteDialog
      listPath="/batch"
      target={id}
      remove={remove}
      question={
        <Trans>
          Are you sure you want to delete the batch {shown} ({name})?
        </Trans>
      }
      onDeleted={(deleting) => {
        if (deleting)
          showNotices(
            [{ text: msg`The batch ${name} is being deleted: its labels are cancelled at the carrier first.` }],
            { tone: "info" },
          );
      }}
      refusal={
        missing ? (
          <Trans>This batch does not exist, or it belongs to another customer.</Trans>
        ) : (
          deleteRefusal(i18n, batch)
        )
      }
    />
  );
}

/** Why the batch cannot be deleted now; null when it can (or is still being read). */
function deleteRefusal(i18n: I18n, batch: Batch | null | undefined): string | null {
  if (!batch || batch.actions?.delete !== false) return null;
  const name = batch.csvFileName;
  if (batch.status === Batch_Status.MANIFEST_CREATED || batch.hasManifest) {
    return i18n._(msg`The batch ${name} has a manifest and cannot be deleted.`);
  }
  const status = i18n._(batchStatusName(batch.status));
  return i18n._(msg`The batch ${name} cannot be deleted while it is in the status “${status}”.`);
}
