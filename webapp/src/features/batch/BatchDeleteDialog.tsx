import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useBatch, useDeleteBatch } from "../../api/batches";
import { parseId } from "../../api/ids";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /batch/{id}/delete: the confirmation over the list; back to the list afterwards. */
export function BatchDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: batch } = useBatch(id);
  const remove = useDeleteBatch();
  const name = batch?.csvFileName ?? "";
  const shown = String(id ?? "");
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
    />
  );
}
