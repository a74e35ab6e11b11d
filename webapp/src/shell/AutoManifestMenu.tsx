import { useLingui } from "@lingui/react/macro";
import { ClockIcon } from "@radix-ui/react-icons";
import { IconButton, Tooltip } from "@radix-ui/themes";
import { hasAnyRole, Role } from "../auth/access";
import { useSession } from "../auth/session";

/**
 * The auto-manifest clock of spec 1 §2, for USER, OPERATIONS and ADMIN. The
 * schedule itself arrives with the shipping screens; until then the entry
 * holds its place and says so.
 */
export function AutoManifestMenu() {
  const { t } = useLingui();
  const session = useSession();
  if (!session || !hasAnyRole(session, [Role.user, Role.operations, Role.admin])) return null;
  return (
    <Tooltip content={t`Automatic manifests: the schedule can be set here soon.`}>
      {/* A disabled button gets no pointer events; the wrapper lets the tooltip show. */}
      <span tabIndex={0} data-testid="auto-manifest-menu" style={{ display: "inline-flex" }}>
        <IconButton variant="ghost" color="gray" disabled aria-label={t`Automatic manifests`}>
          <ClockIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}
