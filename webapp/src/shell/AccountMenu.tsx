import { Trans } from "@lingui/react/macro";
import { DropdownMenu } from "@radix-ui/themes";
import { useApplicationProfile } from "../api/management";
import { hasAnyRole, isAdmin, Role } from "../auth/access";
import { useActiveCustomer } from "../auth/activeCustomer";
import { type Session, useSession } from "../auth/session";
import { MenuButton } from "./MenuButton";
import { MenuLink } from "./MenuLink";
import type { HeaderMenuProps } from "./menuProps";

/** Roles that manage a customer's webhook endpoints (issue 27; app/webhooks checks it again). */
const webhookRoles = [Role.admin, Role.superAdmin, Role.user, Role.api];

/** Roles that keep an address book and print labels (spec 1 §6). */
const shippingRoles = [Role.admin, Role.superAdmin, Role.user, Role.operations];

/**
 * The account menu (spec 1 §2, §6): the way in for a visitor; for a
 * signed-in user their own pages by role, and sign-out.
 */
export function AccountMenu({ face, defaultOpen, autoFocus }: HeaderMenuProps) {
  const session = useSession();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        <MenuButton face={face} autoFocus={autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {session ? (
          <SignedInEntries session={session} />
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

function SignedInEntries({ session }: { session: Session }) {
  const { data: profile } = useApplicationProfile();
  const { activeCustomer } = useActiveCustomer();
  const ships = hasAnyRole(session, shippingRoles);
  const apiDocs = profile?.isSwaggerEnabled === true && (isAdmin(session) || hasAnyRole(session, [Role.api]));
  const ownCustomer = hasAnyRole(session, [Role.user]) && activeCustomer !== null;
  return (
    <>
      {/* The address book is the active customer's: staff without one (operations, a super admin)
          would only read "Please choose a customer first." (issue 25). */}
      {ships && activeCustomer !== null && (
        <MenuLink to="/address-book">
          <Trans>Address book</Trans>
        </MenuLink>
      )}
      <MenuLink to="/account/settings">
        <Trans>Profile settings</Trans>
      </MenuLink>
      {ownCustomer && (
        <MenuLink to={`/customer/${activeCustomer.id}/edit`}>
          <Trans>Customer</Trans>
        </MenuLink>
      )}
      {ships && (
        <MenuLink to="/account/printer">
          <Trans>Printer settings</Trans>
        </MenuLink>
      )}
      {hasAnyRole(session, webhookRoles) && activeCustomer !== null && (
        <MenuLink to="/webhooks">
          <Trans>Webhooks</Trans>
        </MenuLink>
      )}
      {apiDocs && (
        <MenuLink to="/account/docs">
          <Trans>API documentation</Trans>
        </MenuLink>
      )}
      <MenuLink to="/account/password">
        <Trans>Password</Trans>
      </MenuLink>
      <DropdownMenu.Separator />
      <MenuLink to="/logout">
        <Trans>Sign out</Trans>
      </MenuLink>
    </>
  );
}
