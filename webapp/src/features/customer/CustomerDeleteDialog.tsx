import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { useCustomer, useDeleteCustomer } from "../../api/customers";
import { parseId } from "../../api/ids";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /customer/{id}/delete: the confirmation over the list; admins only (the server says so too). */
export function CustomerDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: customer } = useCustomer(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteCustomer();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/customer${search}`);
  const name = customer?.name ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the customer {name}?</Trans>}
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
