import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useDeleteTenant, useTenant } from "../../api/organisation";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { describeFormFailure, noFailure } from "../../errors/formFailure";

/** /tenant/{id}/delete: the confirmation over the list; hubs go with the tenant. */
export function TenantDeleteDialog() {
  const id = parseId(useParams().id);
  const { data: tenant } = useTenant(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const remove = useDeleteTenant();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`/tenant${search}`);
  const subsidiary = tenant?.subsidiary ?? "";
  return (
    <ConfirmDeleteDialog
      question={<Trans>Are you sure you want to delete the tenant {subsidiary} with its hubs?</Trans>}
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
