import { Trans } from "@lingui/react/macro";
import { HomeIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { Link } from "react-router";
import { isTrackingOnly, useSession } from "../auth/session";
import { NavLabel } from "./NavLabel";

/** The Home entry; tracking-only users have no home page to go back to (spec 1 §6). */
export function HomeLink() {
  const session = useSession();
  if (session && isTrackingOnly(session)) return null;
  return (
    <Button asChild variant="ghost" color="gray" highContrast>
      <Link to="/">
        <HomeIcon />
        <NavLabel>
          <Trans>Home</Trans>
        </NavLabel>
      </Link>
    </Button>
  );
}
