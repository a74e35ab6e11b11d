import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Callout } from "@radix-ui/themes";
import { Link } from "react-router";
import { useActivation } from "../../api/account";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { FormPage } from "../../components/FormPage";
import { MessageBody } from "../../components/MessagePage";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../navigation/pageTitles";
import { useLinkKey } from "./accountKey";

/** /account/activate/{key?} (spec 1 §2, §8): activates the account named by the key and says how it went. */
export function ActivatePage() {
  const { i18n } = useLingui();
  const key = useLinkKey();
  const activation = useActivation(key);
  const failed = key === "" || activation.isError;
  return (
    <FormPage title={i18n._(pageTitles.activate)}>
      {failed ? (
        <MessageBody>
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              <Trans>Your user could not be activated. Please use the registration form to sign up.</Trans>
            </Callout.Text>
          </Callout.Root>
          <Button asChild variant="soft">
            <Link to="/account/register">
              <Trans>Register a new account</Trans>
            </Link>
          </Button>
        </MessageBody>
      ) : activation.isSuccess ? (
        <MessageBody>
          <SuccessMessage>
            <Trans>Your user account has been activated.</Trans>
          </SuccessMessage>
          <Button asChild>
            <Link to="/login">
              <Trans>Sign in</Trans>
            </Link>
          </Button>
        </MessageBody>
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
