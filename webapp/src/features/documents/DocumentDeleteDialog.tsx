import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useDeleteDocument, useDocuments } from "../../api/documents";
import { parseId } from "../../api/ids";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { KindInfo } from "./kinds";

/** {base}/{id}/delete: the confirmation over the list. */
export function DocumentDeleteDialog({ info }: { info: KindInfo }) {
  const id = parseId(useParams().id);
  const { data: docs } = useDocuments(info.kind);
  const navigate = useNavigate();
  const remove = useDeleteDocument(info.kind);
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(info.base);
  const name = docs?.find((doc) => doc.id === id)?.name ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the document {name}?</Trans>}
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
