import { Code, ConnectError } from "@connectrpc/connect";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useRequestPasswordReset } from "../../api/account";
import { checkEmail } from "../../auth/accountRules";
import { FormMessages } from "../../components/form/FormMessages";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { BackToStartButton, MessageBody } from "../../components/MessagePage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { pageTitles } from "../../routes/pageTitles";

/** An unknown address must look like a known one, so nobody learns which addresses have logins. */
const isUnknownAddress = (error: unknown) => error instanceof ConnectError && error.code === Code.NotFound;

/**
 * /account/reset/request (spec 1 §2, §5): asks for the e-mail address and
 * sends it as plain text. The answer is the same whether or not the address
 * belongs to a login.
 */
export function ResetRequestPage() {
  const { i18n, t } = useLingui();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const violation = submitted ? checkEmail(email) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (checkEmail(email)) return;
    request.mutate(email, {
      onSuccess: () => setSent(true),
      onError: (error) => (isUnknownAddress(error) ? setSent(true) : setFailure(describeFormFailure(error, ["email"]))),
    });
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
            <FormMessages messages={failure.messages} />
            <Flex justify="end">
              <Button type="submit" loading={request.isPending}>
                <Trans>Reset password</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </FormPage>
  );
}
