import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { useDeleteUser } from "../../../api/users";
import { ConfirmDeleteDialog } from "../../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../../errors/formFailure";

/** /admin/user-management/{login}/delete: the confirmation over the list, which it returns to. */
export function UserDeleteDialog() {
  const login = useParams().login ?? "";
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteUser();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/admin/user-management${search}`);
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the user {login}?</Trans>}
      deleting={remove.isPending}
      messages={failure.messages}
      onClose={backToList}
      onConfirm={() =>
        remove.mutate(login, { onSuccess: backToList, onError: (error) => setFailure(describeFormFailure(error)) })
      }
    />
  );
}
