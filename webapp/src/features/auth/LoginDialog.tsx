import { ConnectError } from "@connectrpc/connect";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Checkbox, Dialog, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import { type SignInAnswer, useAuthenticate } from "../../api/account";
import { useApplicationProfile } from "../../api/management";
import { FormMessages } from "../../components/form/FormMessages";
import { PasswordField } from "../../components/form/PasswordField";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { lazyNamed } from "../../components/lazyNamed";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { withFullCatalog } from "../../i18n/activateLocale";

/** The captcha loads only when a sign-in is asked for it: /login stays small (issue 16). */
const Captcha = lazyNamed(() => withFullCatalog(import("../../components/form/Captcha")), "Captcha");

/**
 * The answers after which a sign-in needs the captcha: past the limit of
 * the login or the address (issue 22), or an answer that was wrong or used.
 */
const captchaKeys = ["error.captchaRequired", "error.captcha"];

const asksForCaptcha = (error: unknown) =>
  error instanceof ConnectError && captchaKeys.includes(error.findDetails(ErrorDetailSchema)[0]?.messageKey ?? "");

type LoginDialogProps = {
  /** Sign-in answered; the page decides whether a second factor follows. */
  onAnswer: (answer: SignInAnswer) => void;
  onClose: () => void;
  /** The session is being set up after a successful sign-in. */
  completing: boolean;
  /** A notice above the form, such as a finished password reset. */
  notice?: ReactNode;
};

const required = { rule: "required" } as const;

/**
 * The sign-in dialog of spec 1 §2: login, password and remember-me, with
 * the ways to reset a password and to register. Once the server asks for
 * the captcha (too many failed sign-ins of the login or from the address),
 * the dialog shows it and sends its answer with every further try; each
 * answer counts once, so every failed try gets a new one.
 */
export function LoginDialog({ onAnswer, onClose, completing, notice }: LoginDialogProps) {
  const { t } = useLingui();
  const authenticate = useAuthenticate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const { data: profile } = useApplicationProfile();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState("");
  const [captchaRound, setCaptchaRound] = useState(0);

  const usernameError = submitted && username === "" ? violationMessage(required) : failure.fields.username;
  const passwordError = submitted && password === "" ? violationMessage(required) : failure.fields.password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (username === "" || password === "") return;
    authenticate.mutate(
      { username, password, rememberMe, reCaptchaToken: captchaNeeded ? captchaToken : "" },
      {
        onSuccess: onAnswer,
        onError: (error) => {
          setFailure(describeFormFailure(error, ["username", "password"], { id: "error.badCredentials" }));
          if (captchaNeeded || asksForCaptcha(error)) {
            setCaptchaNeeded(true);
            setCaptchaRound((round) => round + 1);
          }
        },
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title as="h1">
          <Trans>Sign in</Trans>
        </Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            {notice}
            <TextInputField
              label={t`Username`}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onValueChange={setUsername}
              error={usernameError}
            />
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              error={passwordError}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={rememberMe} onCheckedChange={(checked) => setRememberMe(checked === true)} />
                <Trans>Remember me</Trans>
              </Flex>
            </Text>
            {captchaNeeded && (
              <Suspense>
                <Captcha
                  siteKey={profile?.recaptchaSiteKey}
                  round={captchaRound}
                  onToken={setCaptchaToken}
                  onRetry={() => setCaptchaRound((round) => round + 1)}
                />
              </Suspense>
            )}
            <FormMessages messages={failure.messages} />
            <Flex gap="3" justify="end" mt="1">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button
                type="submit"
                loading={authenticate.isPending || completing}
                disabled={captchaNeeded && captchaToken === ""}
              >
                <Trans>Sign in</Trans>
              </Button>
            </Flex>
            <Flex direction="column" gap="1" mt="2">
              <Text size="2">
                <RadixLink asChild>
                  <Link to="/account/reset/request">
                    <Trans>Did you forget your password?</Trans>
                  </Link>
                </RadixLink>
              </Text>
              <Text size="2">
                <Trans>You don't have an account yet?</Trans>{" "}
                <RadixLink asChild underline="always">
                  <Link to="/account/register">
                    <Trans>Register a new account</Trans>
                  </Link>
                </RadixLink>
              </Text>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
