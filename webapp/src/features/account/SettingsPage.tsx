import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Grid, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { type AccountForm, useAccountQuery, useSaveAccount } from "../../api/account";
import { fieldViolation } from "../../components/form/fieldRules";
import { RegisterRequestSchema } from "../../gen/portal/v1/account_pb";
import { useCredential } from "../../auth/credentialStore";
import { FormMessages } from "../../components/form/FormMessages";
import { LanguageField } from "../../components/form/LanguageField";
import { PasswordField } from "../../components/form/PasswordField";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { Account } from "../../gen/portal/v1/account_pb";
import { activateLocale } from "../../i18n/activateLocale";
import { defaultLocale, isSupportedLocale } from "../../i18n/locales";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../navigation/pageTitles";

/** The e-mail rule every login's address follows (the proto's, core/account's). */
const emailRule = (email: string) => fieldViolation(RegisterRequestSchema, "email", email);

const nameMax = 50;

/**
 * /account/settings: the user's own name, e-mail and language; a new language applies at once. A new
 * e-mail address asks for the current password, so that a stolen session cannot take over the mail
 * that password resets go to.
 */
export function SettingsPage() {
  const { i18n } = useLingui();
  const { data: account } = useAccountQuery(useCredential());
  return (
    <FormPage title={i18n._(pageTitles.accountSettings)}>
      {account ? <SettingsForm account={account} /> : <PageLoading />}
    </FormPage>
  );
}

function SettingsForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const save = useSaveAccount();
  const [form, setForm] = useState<AccountForm>({
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    langKey: isSupportedLocale(account.langKey) ? account.langKey : defaultLocale,
    currentPassword: "",
  });
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set = (field: keyof AccountForm) => (value: string) => {
    setSaved(false);
    setForm((current) => ({ ...current, [field]: value }));
  };
  const tooLong = (value: string) =>
    [...value].length > nameMax ? violationMessage({ rule: "maxLength", max: nameMax }) : null;
  const emailChanged = form.email.trim().toLowerCase() !== account.email.toLowerCase();
  const passwordMissing = emailChanged && form.currentPassword === "";
  const emailViolation = submitted ? emailRule(form.email) : null;
  const errors = {
    firstName: (submitted && tooLong(form.firstName)) || failure.fields.firstName,
    lastName: (submitted && tooLong(form.lastName)) || failure.fields.lastName,
    email: emailViolation ? violationMessage(emailViolation) : failure.fields.email,
    currentPassword:
      submitted && passwordMissing ? violationMessage({ rule: "required" }) : failure.fields.currentPassword,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (emailRule(form.email) || tooLong(form.firstName) || tooLong(form.lastName) || passwordMissing) return;
    save.mutate(
      { account, changes: { ...form, currentPassword: emailChanged ? form.currentPassword : "" } },
      {
        onSuccess: () => {
          setSaved(true);
          setSubmitted(false);
          setForm((current) => ({ ...current, currentPassword: "" }));
          if (isSupportedLocale(form.langKey)) void activateLocale(form.langKey);
        },
        onError: (error) =>
          setFailure(describeFormFailure(error, ["firstName", "lastName", "email", "langKey", "currentPassword"])),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <TextInputField
            label={t`First name`}
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onValueChange={set("firstName")}
            error={errors.firstName || null}
          />
          <TextInputField
            label={t`Last name`}
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onValueChange={set("lastName")}
            error={errors.lastName || null}
          />
        </Grid>
        <TextInputField
          label={t`E-mail`}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onValueChange={set("email")}
          error={errors.email}
        />
        {emailChanged && (
          <>
            {/* Lets password managers find the password of this login. */}
            <input type="text" name="username" autoComplete="username" value={account.login} readOnly hidden />
            <Text size="2" color="gray">
              <Trans>Enter your current password to change your e-mail address.</Trans>
            </Text>
            <PasswordField
              label={t`Current password`}
              name="currentPassword"
              autoComplete="current-password"
              value={form.currentPassword}
              onValueChange={set("currentPassword")}
              error={errors.currentPassword || null}
            />
          </>
        )}
        <LanguageField value={form.langKey} onValueChange={set("langKey")} error={failure.fields.langKey} />
        <FormMessages messages={failure.messages} />
        {saved && (
          <SuccessMessage>
            <Trans>Settings saved!</Trans>
          </SuccessMessage>
        )}
        <Flex justify="end">
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
