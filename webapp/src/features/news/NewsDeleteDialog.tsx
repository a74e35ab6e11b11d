import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteNews, useNewsList } from "../../api/news";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /news/{id}/delete: the confirmation over the list. */
export function NewsDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: items } = useNewsList();
  const navigate = useNavigate();
  const remove = useDeleteNews();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate("/news");
  const summary = items?.find((item) => item.id === id)?.summaryEn ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the news item {summary}?</Trans>}
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
