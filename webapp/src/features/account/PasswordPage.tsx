import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useChangePassword } from "../../api/account";
import { useSession } from "../../auth/session";
import { FormMessages } from "../../components/form/FormMessages";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { PasswordField } from "../../components/form/PasswordField";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { fieldViolations } from "../../components/form/fieldRules";
import { confirmationViolation, violationMessage } from "../../components/form/violationMessage";
import { ChangePasswordRequestSchema } from "../../gen/portal/v1/account_pb";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { pageTitles } from "../../navigation/pageTitles";

const empty = { currentPassword: "", newPassword: "", confirmation: "" };

/** /account/password: the current password, then the new one twice (spec 1 §5, §8). */
export function PasswordPage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const change = useChangePassword();
  const [form, setForm] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set = (field: keyof typeof empty) => (value: string) => {
    setChanged(false);
    setForm((current) => ({ ...current, [field]: value }));
  };
  // The proto's field rules (the server's), and the confirmation equal to the new password.
  const rules = fieldViolations(ChangePasswordRequestSchema, {
    currentPassword: form.currentPassword,
    newPassword: form.newPassword,
  });
  const violations = {
    currentPassword: rules.currentPassword ?? null,
    newPassword: rules.newPassword ?? null,
    confirmation: confirmationViolation(form.newPassword, form.confirmation),
  };
  const errorOf = (field: keyof typeof empty) => {
    const violation = submitted ? violations[field] : null;
    return violation ? violationMessage(violation) : failure.fields[field];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (Object.values(violations).some(Boolean)) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm(empty);
          setSubmitted(false);
          setChanged(true);
        },
        onError: (error) =>
          setFailure(describeFormFailure(error, ["currentPassword", "newPassword"], { id: "password.messages.error" })),
      },
    );
  };

  const login = session?.login ?? "";
  return (
    <FormPage title={i18n._(pageTitles.accountPassword)}>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          {/* Lets password managers file the change under the right login. */}
          <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
          <PasswordField
            label={t`Current password`}
            name="currentPassword"
            autoComplete="current-password"
            value={form.currentPassword}
            onValueChange={set("currentPassword")}
            error={errorOf("currentPassword")}
          />
          <NewPasswordFields
            name="newPassword"
            password={form.newPassword}
            confirmation={form.confirmation}
            onPasswordChange={set("newPassword")}
            onConfirmationChange={set("confirmation")}
            passwordError={errorOf("newPassword")}
            confirmationError={errorOf("confirmation")}
          />
          <FormMessages messages={failure.messages} />
          {changed && (
            <SuccessMessage>
              <Trans>Password changed!</Trans>
            </SuccessMessage>
          )}
          <Flex justify="end">
            <Button type="submit" loading={change.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Flex>
        </Flex>
      </form>
    </FormPage>
  );
}
