import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Button, Container, Flex, Heading } from "@radix-ui/themes";
import { useEffect } from "react";
import { Link } from "react-router";
import { useLogout } from "../../api/account";
import { readCredential } from "../../auth/credentialStore";
import { endSession } from "../../auth/endSession";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";

/**
 * /logout (spec 1 §2): revokes the session at the server, forgets it in the
 * browser and says so. The credential is forgotten before the call returns,
 * so a second render (or a failing server) cannot keep the user signed in.
 */
export function LogoutPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.logout));
  const { mutate: revoke } = useLogout();
  useEffect(() => {
    const credential = readCredential();
    endSession();
    if (credential) revoke(credential);
  }, [revoke]);
  return (
    <Container size="2" px="4" py="8">
      <Flex direction="column" gap="4" align="start">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.logout)}
        </Heading>
        <SuccessMessage>
          <Trans>Logged out successfully!</Trans>
        </SuccessMessage>
        <Flex gap="3">
          <Button asChild>
            <Link to="/login">
              <Trans>Sign in again</Trans>
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/">
              <Trans>Back to the start page</Trans>
            </Link>
          </Button>
        </Flex>
      </Flex>
    </Container>
  );
}
