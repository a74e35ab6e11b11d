import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useCustomer, useDeleteCustomer } from "../../api/customers";
import { parseId } from "../../api/ids";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /customer/{id}/delete: the confirmation over the list; admins only (the server says so too). */
export function CustomerDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: customer } = useCustomer(id);
  const remove = useDeleteCustomer();
  const name = customer?.name ?? "";
  return (
    <RouteDeleteDialog
      listPath="/customer"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the customer {name}?</Trans>}
    />
  );
}
