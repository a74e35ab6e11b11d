import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteShipment, useShipment } from "../../api/shipments";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /shipment/{id}/delete: the confirmation over the list; the label is cancelled at the carrier first. */
export function ShipmentDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: detail } = useShipment(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteShipment();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/shipment${search}`);
  const reference = detail?.shipment?.referenceNumber || String(id ?? "");
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the shipment {reference}?</Trans>}
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
