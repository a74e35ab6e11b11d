import { useLingui } from "@lingui/react/macro";
import { Container, Flex } from "@radix-ui/themes";
import { lazy, Suspense } from "react";
import { useSession } from "../auth/session";
import { withFullCatalog } from "../i18n/activateLocale";
import { Brand } from "./Brand";
import { HeaderMenu } from "./HeaderMenu";
import { HomeLink } from "./HomeLink";

/**
 * What only a signed-in user sees loads after sign-in, so a visitor's /login
 * stays small (issue 16): the customer context, the automatic manifest and
 * the administration menu.
 */
const CustomerContext = lazy(() =>
  withFullCatalog(import("./CustomerContext")).then((m) => ({ default: m.CustomerContext })),
);
const AutoManifestMenu = lazy(() =>
  withFullCatalog(import("./AutoManifestMenu")).then((m) => ({ default: m.AutoManifestMenu })),
);
const AdminMenu = lazy(() => withFullCatalog(import("./AdminMenu")).then((m) => ({ default: m.AdminMenu })));

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
