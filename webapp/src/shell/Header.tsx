import { useLingui } from "@lingui/react/macro";
import { Container, Flex } from "@radix-ui/themes";
import { Suspense } from "react";
import { useSession } from "../auth/session";
import { withConnection } from "../api/connection";
import { withFullCatalog } from "../i18n/activateLocale";
import { Brand } from "./Brand";
import { HeaderMenu } from "./HeaderMenu";
import { HomeLink } from "./HomeLink";
import { lazyNamed } from "../components/lazyNamed";

/**
 * What only a signed-in user sees loads after sign-in, so a visitor's /login
 * stays small (issue 16): the customer context, the automatic manifest and
 * the administration menu.
 */
const signedInPart = <T,>(load: Promise<T>) => withConnection(withFullCatalog(load));
const CustomerContext = lazyNamed(() => signedInPart(import("./CustomerContext")), "CustomerContext");
const AutoManifestMenu = lazyNamed(() => signedInPart(import("./AutoManifestMenu")), "AutoManifestMenu");
const AdminMenu = lazyNamed(() => signedInPart(import("./AdminMenu")), "AdminMenu");

/** The navigation header of spec 1 §2. Which entries appear is decided by the session, inside each entry. */
export function Header() {
  const { t } = useLingui();
  const signedIn = useSession() !== null;
  return (
    <header className="app-header">
      <Container size="4" px="4">
        <Flex align="center" gap="3" py="3" wrap="wrap">
          <Brand />
          <div className="header-customer">
            {signedIn && (
              <Suspense>
                <CustomerContext />
              </Suspense>
            )}
          </div>
          <nav aria-label={t`Main navigation`} className="header-nav">
            <Flex align="center" gap={{ initial: "3", sm: "5" }}>
              <HomeLink />
              <HeaderMenu kind="info" />
              {signedIn && (
                <Suspense>
                  <AutoManifestMenu />
                  <AdminMenu />
                </Suspense>
              )}
              <HeaderMenu kind="locale" />
              <HeaderMenu kind="account" />
            </Flex>
          </nav>
        </Flex>
      </Container>
    </header>
  );
}
