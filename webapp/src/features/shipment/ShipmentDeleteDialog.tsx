import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteShipment, useShipment } from "../../api/shipments";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";
import { isNotFound } from "../../errors/reportFailure";
import { useShipmentDeleteRefusal } from "./useShipmentDeleteRefusal";

/**
 * /shipment/{id}/delete: the confirmation over the list; the label is
 * cancelled at the carrier first. A shipment the server would not delete (in
 * a manifest, still labelled, its batch busy) or that is not there gets the
 * reason instead of a Delete button.
 */
export function ShipmentDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: detail, error } = useShipment(id);
  const remove = useDeleteShipment();
  const refusal = useShipmentDeleteRefusal(detail?.shipment);
  const reference = detail?.shipment?.referenceNumber || String(id ?? "");
  const missing = id === null || isNotFound(error);
  return (
    <RouteDeleteDialog
      listPath="/shipment"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the shipment {reference}?</Trans>}
      refusal={missing ? <Trans>This shipment does not exist, or it belongs to another customer.</Trans> : refusal}
    />
  );
}
