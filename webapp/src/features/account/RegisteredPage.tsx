import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@radix-ui/themes";
import { Navigate, useLocation } from "react-router";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { FormPage } from "../../components/FormPage";
import { BackToStartButton, MessageBody } from "../../components/MessagePage";
import { pageTitles } from "../../navigation/pageTitles";

/**
 * /account/registered: what happens next after registering (spec 1 §2).
 * Only the registration form leads here: opened directly, nobody registered,
 * and the page sends the visitor to the form instead of saying "saved".
 */
export function RegisteredPage() {
  const { i18n } = useLingui();
  const state = useLocation().state as { registered?: boolean } | null;
  if (!state?.registered) return <Navigate to="/account/register" replace />;
  return (
    <FormPage title={i18n._(pageTitles.registered)}>
      <MessageBody>
        <SuccessMessage>
          <Trans>Registration saved! Please check your e-mail for the activation link.</Trans>
        </SuccessMessage>
        <Text as="p" size="2" color="gray">
          <Trans>
            Open the link in the e-mail we sent you to activate your account. Once it is active, you can sign in.
          </Trans>
        </Text>
        <Text as="p" size="2" color="gray">
          <Trans>
            Your registration is a request: our staff check it and link your login to your company before you can ship
            or see shipments.
          </Trans>
        </Text>
        <BackToStartButton />
      </MessageBody>
    </FormPage>
  );
}
