import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteUserData, useUserData } from "../../api/userData";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /user-data/{id}/delete: the confirmation over the list; the login itself stays. */
export function UserDataDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: link } = useUserData(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteUserData();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/user-data${search}`);
  const login = link?.user?.login ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the user data link of {login}? The login itself stays.</Trans>}
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
