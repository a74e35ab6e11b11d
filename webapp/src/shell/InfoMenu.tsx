import { Trans } from "@lingui/react/macro";
import { DropdownMenu } from "@radix-ui/themes";
import { isTrackingOnly, useSession } from "../auth/session";
import { MenuButton } from "./MenuButton";
import { MenuLink } from "./MenuLink";
import type { HeaderMenuProps } from "./menuProps";

/** Report, tracking and customs documents; a tracking-only user sees just tracking (spec 1 §2). */
export function InfoMenu({ face, defaultOpen, autoFocus }: HeaderMenuProps) {
  const session = useSession();
  const trackingOnly = session !== null && isTrackingOnly(session);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        <MenuButton face={face} autoFocus={autoFocus} />
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
