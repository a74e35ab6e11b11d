import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteNews, useNewsList } from "../../api/news";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /news/{id}/delete: the confirmation over the list. */
export function NewsDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: items } = useNewsList();
  const remove = useDeleteNews();
  const summary = items?.find((item) => item.id === id)?.summaryEn ?? "";
  return (
    <RouteDeleteDialog
      listPath="/news"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the news item {summary}?</Trans>}
    />
  );
}
