import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Button, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import { Link } from "react-router";
import { useLogout } from "../../api/account";
import { readCredential } from "../../auth/credentialStore";
import { endSession } from "../../auth/endSession";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { BackToStartButton, MessagePage } from "../../components/MessagePage";
import { pageTitles } from "../../navigation/pageTitles";

/**
 * /logout (spec 1 §2): revokes the session at the server, forgets it in the
 * browser and says so. The credential is forgotten before the call returns,
 * so a second render (or a failing server) cannot keep the user signed in.
 */
export function LogoutPage() {
  const { i18n } = useLingui();
  const { mutate: revoke } = useLogout();
  useEffect(() => {
    const credential = readCredential();
    endSession();
    if (credential) revoke(credential);
  }, [revoke]);
  return (
    <MessagePage
      title={i18n._(pageTitles.logout)}
      size="2"
      py="8"
      actions={
        <Flex gap="3">
          <Button asChild>
            <Link to="/login">
              <Trans>Sign in again</Trans>
            </Link>
          </Button>
          <BackToStartButton />
        </Flex>
      }
    >
      <SuccessMessage>
        <Trans>Logged out successfully!</Trans>
      </SuccessMessage>
    </MessagePage>
  );
}
