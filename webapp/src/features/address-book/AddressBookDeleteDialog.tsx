import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useDeleteAddressBookEntry } from "../../api/addressBook";
import { parseId } from "../../api/ids";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /address-book/{id}/delete (spec 2 §2.5): the confirmation over the list, naming the id; back to the list after. */
export function AddressBookDeleteDialog() {
  const id = parseId(useParams().id);
  const { activeCustomer } = useActiveCustomer();
  const remove = useDeleteAddressBookEntry(activeCustomer?.id ?? null);
  const shown = String(id ?? "");
  return (
    <RouteDeleteDialog
      listPath="/address-book"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the address book entry {shown}?</Trans>}
    />
  );
}
