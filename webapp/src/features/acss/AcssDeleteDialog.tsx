import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useAcsses, useDeleteAcss } from "../../api/acss";
import { parseId } from "../../api/ids";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /acss/{id}/delete: the confirmation over the list. */
export function AcssDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: files } = useAcsses();
  const navigate = useNavigate();
  const remove = useDeleteAcss();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate("/acss");
  const name = files?.find((acss) => acss.id === id)?.name ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the acss file {name}?</Trans>}
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
