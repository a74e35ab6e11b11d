import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useDeleteDocument, useDocuments } from "../../api/documents";
import { parseId } from "../../api/ids";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";
import type { KindInfo } from "./kinds";

/** {base}/{id}/delete: the confirmation over the list. */
export function DocumentDeleteDialog({ info }: { info: KindInfo }) {
  const id = parseId(useParams().id);
  const { data: docs } = useDocuments(info.kind);
  const remove = useDeleteDocument(info.kind);
  const name = docs?.find((doc) => doc.id === id)?.name ?? "";
  return (
    <RouteDeleteDialog
      listPath={info.base}
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the document {name}?</Trans>}
    />
  );
}
