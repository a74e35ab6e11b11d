import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useFinishPasswordReset } from "../../api/account";
import { FormMessages } from "../../components/form/FormMessages";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { fieldViolations } from "../../components/form/fieldRules";
import { confirmationViolation, violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { MessageBody } from "../../components/MessagePage";
import { Warning } from "../../components/Warning";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { FinishPasswordResetRequestSchema } from "../../gen/portal/v1/account_pb";
import { pageTitles } from "../../navigation/pageTitles";
import type { LoginLocationState } from "../../navigation/loginState";
import { useLinkKey } from "./accountKey";

/**
 * /account/reset/finish/{key?} (spec 1 §2, §5): the new password, only when
 * the link carried a key. Success leads to sign-in.
 */
export function ResetFinishPage() {
  const { i18n } = useLingui();
  const key = useLinkKey();
  return (
    <FormPage title={i18n._(pageTitles.resetFinish)}>
      {key === "" ? (
        <MessageBody>
          <Warning>
            <Trans>The reset key is missing. Please use the link from the e-mail, or request a new one.</Trans>
          </Warning>
          <Button asChild variant="soft">
            <Link to="/account/reset/request">
              <Trans>Request a new link</Trans>
            </Link>
          </Button>
        </MessageBody>
      ) : (
        <NewPasswordForm resetKey={key} />
      )}
    </FormPage>
  );
}

function NewPasswordForm({ resetKey }: { resetKey: string }) {
  const navigate = useNavigate();
  const finish = useFinishPasswordReset();
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  // The proto's field rules (the server's), and the confirmation equal to the new password.
  const passwordRule =
    fieldViolations(FinishPasswordResetRequestSchema, { key: resetKey, newPassword }).newPassword ?? null;
  const confirmationRule = confirmationViolation(newPassword, confirmation);
  const passwordViolation = submitted ? passwordRule : null;
  const confirmationError = submitted ? confirmationRule : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (passwordRule || confirmationRule) return;
    finish.mutate(
      { key: resetKey, newPassword },
      {
        onSuccess: () => {
          const state: LoginLocationState = { notice: "passwordReset" };
          void navigate("/login", { state });
        },
        onError: (error) => setFailure(describeFormFailure(error, ["newPassword"])),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <NewPasswordFields
          name="newPassword"
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={setNewPassword}
          onConfirmationChange={setConfirmation}
          passwordError={passwordViolation ? violationMessage(passwordViolation) : failure.fields.newPassword}
          confirmationError={confirmationError ? violationMessage(confirmationError) : null}
        />
        <FormMessages messages={failure.messages} />
        <Flex justify="end">
          <Button type="submit" loading={finish.isPending}>
            <Trans>Save the new password</Trans>
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
