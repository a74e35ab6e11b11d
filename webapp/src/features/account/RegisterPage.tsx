import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Link as RadixLink, Text, TextArea } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useRegister } from "../../api/account";
import { useApplicationProfile } from "../../api/management";
import { Captcha } from "../../components/form/Captcha";
import { Field } from "../../components/form/Field";
import { fieldViolations, maxLengthOf } from "../../components/form/fieldRules";
import { FormMessages } from "../../components/form/FormMessages";
import { LanguageField } from "../../components/form/LanguageField";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { TextInputField } from "../../components/form/TextInputField";
import {
  loginSymbols,
  type PatternField,
  confirmationViolation,
  type Violation,
  violationMessage,
} from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { RegisterRequestSchema } from "../../gen/portal/v1/account_pb";
import { defaultLocale } from "../../i18n/locales";
import { pageTitles } from "../../navigation/pageTitles";

type RegistrationForm = {
  login: string;
  email: string;
  password: string;
  confirmPassword: string;
  crmId: string;
  requestReason: string;
  langKey: string;
};

const emptyForm: RegistrationForm = {
  login: "",
  email: "",
  password: "",
  confirmPassword: "",
  crmId: "",
  requestReason: "",
  langKey: defaultLocale,
};

/** The request's field names, under which the server reports field errors. */
const serverFields = ["login", "email", "password", "crmId", "requestReason", "langKey", "reCaptchaToken"];

const patternFields: Partial<Record<keyof RegistrationForm, PatternField>> = { login: "login", crmId: "crmId" };

/** The longest login, as the proto states it. */
const loginMax = maxLengthOf(RegisterRequestSchema, "login");

/**
 * The registration's broken rules: the proto's field rules (the server's,
 * checked here by the same validator), and the confirmation equal to the
 * password. What only the server judges (the configured longest password,
 * a taken login) comes back from the call.
 */
function violationsOf(form: RegistrationForm): Partial<Record<keyof RegistrationForm, Violation>> {
  const { login, email, password, crmId, requestReason, langKey } = form;
  const out: Partial<Record<keyof RegistrationForm, Violation>> = fieldViolations(RegisterRequestSchema, {
    login,
    email,
    password,
    crmId,
    requestReason,
    langKey,
  });
  const confirmation = confirmationViolation(form.password, form.confirmPassword);
  if (confirmation) out.confirmPassword = confirmation;
  return out;
}

/**
 * /account/register (spec 1 §2, §5): asks for a login. The proto's field
 * rules are checked before sending; the server's answer (a taken login, a refused captcha) is
 * shown with its message key. Success leads to /account/registered.
 */
export function RegisterPage() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const register = useRegister();
  const { data: profile } = useApplicationProfile();
  const [form, setForm] = useState(emptyForm);
  const [captchaToken, setCaptchaToken] = useState("");
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaRequired = !!profile?.recaptchaSiteKey;
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);

  const violations = submitted ? violationsOf(form) : {};
  const errorOf = (field: keyof RegistrationForm) => {
    const violation = violations[field];
    return violation ? violationMessage(violation, patternFields[field]) : failure.fields[field];
  };
  const set = (field: keyof RegistrationForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (Object.keys(violationsOf(form)).length > 0) return;
    const { login, email, password, requestReason, langKey } = form;
    register.mutate(
      { login, email, password, requestReason, langKey, crmId: form.crmId.trim(), reCaptchaToken: captchaToken },
      {
        onSuccess: () => void navigate("/account/registered", { state: { registered: true } }),
        onError: (error) => {
          setFailure(describeFormFailure(error, serverFields));
          // The server takes each captcha answer once: the next try needs a new one.
          if (captchaRequired) setCaptchaRound((round) => round + 1);
        },
      },
    );
  };

  return (
    <FormPage title={i18n._(pageTitles.register)}>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <TextInputField
            label={t`Username`}
            name="login"
            autoComplete="username"
            value={form.login}
            onValueChange={set("login")}
            error={errorOf("login")}
            hint={t`Up to ${loginMax} characters: letters, digits and ${loginSymbols}`}
          />
          <TextInputField
            label={t`E-mail`}
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onValueChange={set("email")}
            error={errorOf("email")}
          />
          <NewPasswordFields
            name="password"
            password={form.password}
            confirmation={form.confirmPassword}
            onPasswordChange={set("password")}
            onConfirmationChange={set("confirmPassword")}
            passwordError={errorOf("password")}
            confirmationError={errorOf("confirmPassword")}
          />
          <TextInputField
            label={t`CRM ID`}
            name="crmId"
            autoComplete="off"
            value={form.crmId}
            onValueChange={set("crmId")}
            error={errorOf("crmId")}
            hint={t`Your customer number at the carrier, for example DE12345678.`}
          />
          <Field label={t`Reason for your request (optional)`} error={errorOf("requestReason")}>
            {(control) => (
              <TextArea
                {...control}
                name="requestReason"
                rows={3}
                value={form.requestReason}
                onChange={(event) => set("requestReason")(event.target.value)}
              />
            )}
          </Field>
          <LanguageField value={form.langKey} onValueChange={set("langKey")} error={errorOf("langKey")} />
          <Captcha
            siteKey={profile?.recaptchaSiteKey}
            round={captchaRound}
            onToken={setCaptchaToken}
            onRetry={() => setCaptchaRound((round) => round + 1)}
          />
          <FormMessages messages={failure.messages} />
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text size="2">
              <Trans>Already registered?</Trans>{" "}
              <RadixLink asChild underline="always">
                <Link to="/login">
                  <Trans>Sign in</Trans>
                </Link>
              </RadixLink>
            </Text>
            <Button type="submit" loading={register.isPending} disabled={captchaRequired && captchaToken === ""}>
              <Trans>Register</Trans>
            </Button>
          </Flex>
        </Flex>
      </form>
    </FormPage>
  );
}
