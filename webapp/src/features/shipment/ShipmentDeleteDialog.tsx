import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteShipment, useShipment } from "../../api/shipments";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /shipment/{id}/delete: the confirmation over the list; the label is cancelled at the carrier first. */
export function ShipmentDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: detail } = useShipment(id);
  const remove = useDeleteShipment();
  const reference = detail?.shipment?.referenceNumber || String(id ?? "");
  return (
    <RouteDeleteDialog
      listPath="/shipment"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the shipment {reference}?</Trans>}
    />
  );
}
