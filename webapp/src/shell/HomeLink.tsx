import { Trans } from "@lingui/react/macro";
import { ArchiveIcon, HomeIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { Link } from "react-router";
import { hasAnyRole, Role } from "../auth/access";
import { useActiveCustomer } from "../auth/activeCustomer";
import { isTrackingOnly, useSession } from "../auth/session";
import { NavLabel } from "./NavLabel";

/**
 * 'Shipping' (to the batches) for ADMIN, USER and OPERATIONS once a customer
 * is active, otherwise 'Home'; tracking-only users have neither (spec 1 §6).
 */
export function HomeLink() {
  const session = useSession();
  const { activeCustomer } = useActiveCustomer();
  if (session && isTrackingOnly(session)) return null;
  const shipping =
    session !== null && activeCustomer !== null && hasAnyRole(session, [Role.admin, Role.user, Role.operations]);
  return (
    <Button asChild variant="ghost" color="gray" highContrast>
      {shipping ? (
        <Link to="/batch">
          <ArchiveIcon />
          <NavLabel>
            <Trans>Shipping</Trans>
          </NavLabel>
        </Link>
      ) : (
        <Link to="/">
          <HomeIcon />
          <NavLabel>
            <Trans>Home</Trans>
          </NavLabel>
        </Link>
      )}
    </Button>
  );
}
