import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useAcsses, useDeleteAcss } from "../../api/acss";
import { parseId } from "../../api/ids";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /acss/{id}/delete: the confirmation over the list. */
export function AcssDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: files } = useAcsses();
  const remove = useDeleteAcss();
  const name = files?.find((acss) => acss.id === id)?.name ?? "";
  return (
    <RouteDeleteDialog
      listPath="/acss"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the acss file {name}?</Trans>}
    />
  );
}
