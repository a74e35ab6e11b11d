import { Trans } from "@lingui/react/macro";
import { InfoCircledIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { isTrackingOnly, useSession } from "../auth/session";
import { MenuLink } from "./MenuLink";
import { NavLabel } from "./NavLabel";

/** Report, tracking and customs documents; a tracking-only user sees just tracking (spec 1 §2). */
export function InfoMenu() {
  const session = useSession();
  const trackingOnly = session !== null && isTrackingOnly(session);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" highContrast>
          <InfoCircledIcon />
          <NavLabel>
            <Trans>Info</Trans>
          </NavLabel>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {!trackingOnly && (
          <MenuLink to="/report">
            <Trans>Report</Trans>
          </MenuLink>
        )}
        <MenuLink to="/tracking">
          <Trans>Tracking</Trans>
        </MenuLink>
        {!trackingOnly && (
          <MenuLink to="/customs-docs">
            <Trans>Customs Docs</Trans>
          </MenuLink>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
