import { Trans, useLingui } from "@lingui/react/macro";
import { PersonIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { useSession } from "../auth/session";
import { MenuLink } from "./MenuLink";
import { NavLabel } from "./NavLabel";

/**
 * The account menu: the way in for a visitor, the user's own pages and sign
 * out once signed in. Entries that depend on roles join with sign-in.
 */
export function AccountMenu() {
  const session = useSession();
  const { t } = useLingui();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" highContrast>
          <PersonIcon />
          <NavLabel>{session ? session.login : t`Account`}</NavLabel>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {session ? (
          <>
            <MenuLink to="/account/settings">
              <Trans>Profile settings</Trans>
            </MenuLink>
            <MenuLink to="/account/password">
              <Trans>Password</Trans>
            </MenuLink>
            <DropdownMenu.Separator />
            <MenuLink to="/logout">
              <Trans>Sign out</Trans>
            </MenuLink>
          </>
        ) : (
          <>
            <MenuLink to="/login">
              <Trans>Sign in</Trans>
            </MenuLink>
            <MenuLink to="/account/register">
              <Trans>Create an account</Trans>
            </MenuLink>
          </>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
