import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Checkbox, Dialog, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import type { SignInAnswer } from "../../api/account";
import { withConnection } from "../../api/connection";
import { useShellProfile } from "../../api/shellData";
import { FormMessages } from "../../components/form/FormMessages";
import { PasswordField } from "../../components/form/PasswordField";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { lazyNamed } from "../../components/lazyNamed";
import { noFailure } from "../../errors/formFailureShape";
import { withFullCatalog } from "../../i18n/activateLocale";
import type { SignInOutcome } from "./signIn";

/** The captcha loads only when a sign-in is asked for it: /login stays small (issue 16). */
const Captcha = lazyNamed(() => withConnection(withFullCatalog(import("../../components/form/Captcha"))), "Captcha");

/** Sign-in itself, with Connect and protobuf, loads once the user starts typing (issue 26). */
const loadSignIn = () => withConnection(import("./signIn"));

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
  const [sending, setSending] = useState(false);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const profile = useShellProfile();
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
    setSending(true);
    const form = { username, password, rememberMe, reCaptchaToken: captchaNeeded ? captchaToken : "" };
    void loadSignIn()
      .then(({ signIn }) => signIn(form))
      .catch((error: unknown): SignInOutcome => {
        // The sign-in code did not arrive: the server is out of reach.
        console.error(error);
        const messages = [{ text: { id: "error.server.not.reachable" } }];
        return { failure: { fields: {}, messages }, asksForCaptcha: false };
      })
      .then((outcome) => {
        setSending(false);
        if ("answer" in outcome) return onAnswer(outcome.answer);
        setFailure(outcome.failure);
        if (captchaNeeded || outcome.asksForCaptcha) {
          setCaptchaNeeded(true);
          setCaptchaRound((round) => round + 1);
        }
      });
  };
  // The sign-in code starts loading with the first key the user types, so it is there when they send.
  const typed = (set: (value: string) => void) => (value: string) => {
    void loadSignIn().catch(() => undefined);
    set(value);
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
              onValueChange={typed(setUsername)}
              error={usernameError}
            />
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onValueChange={typed(setPassword)}
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
              <Button type="submit" loading={sending || completing} disabled={captchaNeeded && captchaToken === ""}>
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
