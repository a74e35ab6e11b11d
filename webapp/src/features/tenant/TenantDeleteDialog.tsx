import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteTenant, useTenant } from "../../api/organisation";
import { RouteDeleteDialog } from "../../components/RouteDeleteDialog";

/** /tenant/{id}/delete: the confirmation over the list; hubs go with the tenant. */
export function TenantDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: tenant } = useTenant(id);
  const remove = useDeleteTenant();
  const subsidiary = tenant?.subsidiary ?? "";
  return (
    <RouteDeleteDialog
      listPath="/tenant"
      target={id}
      remove={remove}
      question={<Trans>Are you sure you want to delete the tenant {subsidiary} with its hubs?</Trans>}
    />
  );
}
