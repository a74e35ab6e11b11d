import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteUserData, useUserData } from "../../api/userData";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /user-data/{id}/delete: the confirmation over the list; the login itself stays. */
export function UserDataDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: link } = useUserData(id);
  const remove = useDeleteUserData();
  const login = link?.user?.login ?? "";
  return (
    <RouteDeleteDialog
      listPath="/user-data"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the user data link of {login}? The login itself stays.</Trans>}
    />
  );
}
