import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../../api/ids";
import { useDeleteParcel, useParcel } from "../../../api/parcels";
import { RouteDeleteDialog } from "../../../components/RouteDeleteDialog";
import { isNotFound } from "../../../errors/reportFailure";
import { showNotices } from "../../../errors/notices";
import { msg } from "@lingui/core/macro";

/**
 * /parcel/{id}/delete: the confirmation over the list; a live label is
 * cancelled at the carrier first. A parcel in a manifest, or one that is not
 * there, gets the reason instead of a Delete button.
 */
export function ParcelDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: detail, error } = useParcel(id);
  const remove = useDeleteParcel();
  const reference = detail?.parcel?.referenceNumber || String(id ?? "");
  const missing = id === null || isNotFound(error);
  const inManifest = detail?.parcel && !detail.parcel.deletable;
  return (
    <RouteDeleteDialog
      listPath="/parcel"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the parcel {reference}?</Trans>}
      refusal={
        missing ? (
          <Trans>This parcel does not exist, or it belongs to another customer.</Trans>
        ) : inManifest ? (
          <Trans>This parcel is in a manifest and cannot be deleted.</Trans>
        ) : undefined
      }
      onDeleted={() => showNotices([{ text: msg`Parcel deleted` }], { tone: "info", duration: 4000 })}
    />
  );
}
