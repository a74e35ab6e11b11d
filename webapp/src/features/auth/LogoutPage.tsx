import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { Link } from "react-router";
import { useLogout } from "../../api/account";
import { useApplicationProfile } from "../../api/management";
import { readCredential } from "../../auth/credentialStore";
import { endSession } from "../../auth/endSession";
import { leavePortal } from "../../auth/leavePortal";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { BackToStartButton, MessagePage } from "../../components/MessagePage";
import { pageTitles } from "../../navigation/pageTitles";

/**
 * /logout (spec 1 §2): revokes the session at the server, forgets it in the
 * browser and says so. The credential is forgotten before the call returns,
 * so a second render (or a failing server) cannot keep the user signed in.
 * When the operator configured the identity provider's logout address
 * (LOGOUT_REDIRECT_URL), the browser goes there once the server has been
 * told; only a visit that ended a session goes, so an identity provider
 * that sends the browser back to /logout causes no loop.
 */
export function LogoutPage() {
  const { i18n } = useLingui();
  // The revocation's status tells whether this visit ended a session:
  // "idle" when there was none to end.
  const { mutate: revoke, status } = useLogout();
  const { data: profile } = useApplicationProfile();
  useEffect(() => {
    const credential = readCredential();
    endSession();
    if (credential) revoke(credential);
  }, [revoke]);
  const redirectUrl = profile?.logoutRedirectUrl ?? "";
  const settled = status === "success" || status === "error";
  useEffect(() => {
    if (settled && redirectUrl !== "") leavePortal.to(redirectUrl);
  }, [settled, redirectUrl]);
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
      {status !== "idle" && redirectUrl !== "" && (
        <Text as="p" size="2" color="gray" role="status">
          <Trans>You are being signed out at your identity provider as well…</Trans>
        </Text>
      )}
    </MessagePage>
  );
}
