import { useLingui } from "@lingui/react/macro";
import { Container, Flex } from "@radix-ui/themes";
import { AccountMenu } from "./AccountMenu";
import { AdminMenu } from "./AdminMenu";
import { AutoManifestMenu } from "./AutoManifestMenu";
import { Brand } from "./Brand";
import { CustomerContext } from "./CustomerContext";
import { HomeLink } from "./HomeLink";
import { InfoMenu } from "./InfoMenu";
import { LocaleMenu } from "./LocaleMenu";

/** The navigation header of spec 1 §2. Which entries appear is decided by the session, inside each entry. */
export function Header() {
  const { t } = useLingui();
  return (
    <header className="app-header">
      <Container size="4" px="4">
        <Flex align="center" gap="3" py="3" wrap="wrap">
          <Brand />
          <div className="header-customer">
            <CustomerContext />
          </div>
          <nav aria-label={t`Main navigation`} className="header-nav">
            <Flex align="center" gap={{ initial: "3", sm: "5" }}>
              <HomeLink />
              <InfoMenu />
              <AutoManifestMenu />
              <AdminMenu />
              <LocaleMenu />
              <AccountMenu />
            </Flex>
          </nav>
        </Flex>
      </Container>
    </header>
  );
}
