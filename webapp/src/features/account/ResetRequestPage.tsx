import { Code, ConnectError } from "@connectrpc/connect";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useRequestPasswordReset } from "../../api/account";
import { useApplicationProfile } from "../../api/management";
import { fieldViolation } from "../../components/form/fieldRules";
import { RegisterRequestSchema } from "../../gen/portal/v1/account_pb";
import { Captcha } from "../../components/form/Captcha";
import { FormMessages } from "../../components/form/FormMessages";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { BackToStartButton, MessageBody } from "../../components/MessagePage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { pageTitles } from "../../navigation/pageTitles";

/** The e-mail rule every login's address follows (the proto's, core/account's). */
const emailRule = (email: string) => fieldViolation(RegisterRequestSchema, "email", email);

/** An unknown address must look like a known one, so nobody learns which addresses have logins. */
const isUnknownAddress = (error: unknown) => error instanceof ConnectError && error.code === Code.NotFound;

/**
 * /account/reset/request (spec 1 §2, §5): asks for the e-mail address and
 * sends it as plain text, with the captcha answer when the profile names a
 * captcha, as the registration form does. The answer is the same whether or
 * not the address belongs to a login; too many requests are refused.
 */
export function ResetRequestPage() {
  const { i18n, t } = useLingui();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const { data: profile } = useApplicationProfile();
  const [captchaToken, setCaptchaToken] = useState("");
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaRequired = !!profile?.recaptchaSiteKey;
  const violation = submitted ? emailRule(email) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (emailRule(email)) return;
    request.mutate(
      { email, reCaptchaToken: captchaToken },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          if (isUnknownAddress(error)) return setSent(true);
          setFailure(describeFormFailure(error, ["email"]));
          // The server takes each captcha answer once: the next try needs a new one.
          if (captchaRequired) setCaptchaRound((round) => round + 1);
        },
      },
    );
  };

  return (
    <FormPage title={i18n._(pageTitles.resetRequest)}>
      {sent ? (
        <MessageBody>
          <SuccessMessage>
            <Trans>
              If this address belongs to an account, we have sent an e-mail with a link to choose a new password.
            </Trans>
          </SuccessMessage>
          <BackToStartButton />
        </MessageBody>
      ) : (
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <Text as="p" size="2">
              <Trans>Enter the e-mail address you registered with.</Trans>
            </Text>
            <TextInputField
              label={t`E-mail`}
              name="email"
              type="email"
              autoComplete="email"
              autoFocus
              value={email}
              onValueChange={setEmail}
              error={violation ? violationMessage(violation) : failure.fields.email}
            />
            <Captcha
              siteKey={profile?.recaptchaSiteKey}
              round={captchaRound}
              onToken={setCaptchaToken}
              onRetry={() => setCaptchaRound((round) => round + 1)}
            />
            <FormMessages messages={failure.messages} />
            <Flex justify="end">
              <Button type="submit" loading={request.isPending} disabled={captchaRequired && captchaToken === ""}>
                <Trans>Reset password</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </FormPage>
  );
}
