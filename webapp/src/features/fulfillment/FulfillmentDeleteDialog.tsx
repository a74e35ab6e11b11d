import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteFulfillment, useFulfillment } from "../../api/organisation";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /fulfillment/{id}/delete: the confirmation over the list; the customers stay. */
export function FulfillmentDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: fulfillment } = useFulfillment(id);
  const remove = useDeleteFulfillment();
  const name = fulfillment?.name ?? "";
  return (
    <RouteDeleteDialog
      listPath="/fulfillment"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the fulfillment {name}? Its customers stay.</Trans>}
    />
  );
}
