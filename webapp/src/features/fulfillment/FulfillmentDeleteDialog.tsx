import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteFulfillment, useFulfillment } from "../../api/organisation";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /fulfillment/{id}/delete: the confirmation over the list; the customers stay. */
export function FulfillmentDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: fulfillment } = useFulfillment(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteFulfillment();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/fulfillment${search}`);
  const name = fulfillment?.name ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the fulfillment {name}? Its customers stay.</Trans>}
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
