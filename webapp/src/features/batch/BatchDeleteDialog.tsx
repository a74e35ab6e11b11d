import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { useBatch, useDeleteBatch } from "../../api/batches";
import { parseId } from "../../api/ids";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /batch/{id}/delete: the confirmation over the list; back to the list afterwards. */
export function BatchDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: batch } = useBatch(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteBatch();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/batch${search}`);
  const name = batch?.csvFileName ?? "";
  const shown = String(id ?? "");
  return (
    <ConfirmDeleteDialog
      question={
        <Trans>
          Are you sure you want to delete the batch {shown} ({name})?
        </Trans>
      }
      deleting={remove.isPending}
      messages={failure.messages}
      onClose={backToList}
      onConfirm={() =>
        id !== null &&
        remove.mutate(id, { onSuccess: backToList, onError: (error) => setFailure(describeFormFailure(error)) })
      }
    />
  );
}
