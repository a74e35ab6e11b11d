import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useDeleteUser } from "../../../api/users";
import { RouteDeleteDialog } from "../../../components/RouteDeleteDialog";

/** /admin/user-management/{login}/delete: the confirmation over the list, which it returns to. */
export function UserDeleteDialog() {
  const login = useParams().login ?? "";
  const remove = useDeleteUser();
  return (
    <RouteDeleteDialog
      listPath="/admin/user-management"
      target={login}
      remove={remove}
      question={<Trans>Are you sure you want to delete the user {login}?</Trans>}
    />
  );
}
