import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Button, Dialog, Flex, Select, Separator, Text } from "@radix-ui/themes";
import { useId, useRef, useState } from "react";
import { type MfaCompletion, type SignInAnswer, useSkipMfa, useVerifyMfaCode } from "../../api/account";
import { FormMessages } from "../../components/form/FormMessages";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { MfaCodeInput } from "./MfaCodeInput";
import { MfaRegistration } from "./MfaRegistration";

/** Spec 1 §9: skipping registration asks again at the next sign-in, or after 7, 14 or 30 days. */
export const skipChoices = [0, 7, 14, 30] as const;

type MfaDialogProps = {
  pending: SignInAnswer;
  onComplete: (completion: MfaCompletion) => void;
  /** Closing the dialog abandons this sign-in. */
  onCancel: () => void;
};

/**
 * The second step of sign-in (spec 1 §4, §5). A user with a registered
 * device only enters a code. A user without one first registers a device
 * (QR image, then a code) or skips registration for a chosen number of days.
 */
export function MfaDialog({ pending, onComplete, onCancel }: MfaDialogProps) {
  const registering = pending.featureMfaEnabled && !pending.mfaRegistered;
  return (
    <Dialog.Root open onOpenChange={(open) => open || onCancel()}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>
          {registering ? <Trans>Set up two-factor authentication</Trans> : <Trans>Two-factor authentication</Trans>}
        </Dialog.Title>
        <Flex direction="column" gap="4">
          {registering ? (
            <MfaRegistration pendingToken={pending.token} />
          ) : (
            <Text as="p" size="2">
              <Trans>Enter the six-digit code that your authenticator app shows.</Trans>
            </Text>
          )}
          <CodeEntry pending={pending} onComplete={onComplete} />
          {registering && (
            <>
              <Separator size="4" />
              <SkipRegistration pending={pending} onComplete={onComplete} />
            </>
          )}
          <Flex justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                <Trans>Cancel</Trans>
              </Button>
            </Dialog.Close>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The code field: sent by itself at the sixth digit; a wrong code is explained and the field emptied. */
function CodeEntry({ pending, onComplete }: Omit<MfaDialogProps, "onCancel">) {
  const verify = useVerifyMfaCode(pending.token);
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState(noFailure);
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const submit = (value: number) => {
    setFailure(noFailure);
    verify.mutate(value, {
      onSuccess: onComplete,
      onError: (error) => {
        setFailure(describeFormFailure(error, [], { id: "error.mfa.wrongCode" }));
        setCode("");
        // Focus returns once the field is enabled again.
        setTimeout(() => input.current?.focus());
      },
    });
  };
  return (
    <Flex direction="column" gap="2" align="start">
      <MfaCodeInput
        inputRef={input}
        value={code}
        onValueChange={setCode}
        onComplete={submit}
        disabled={verify.isPending}
        invalid={failure.messages.length > 0}
        describedBy={failure.messages.length > 0 ? messageId : undefined}
      />
      <div id={messageId} style={{ width: "100%" }}>
        <FormMessages messages={failure.messages} />
      </div>
    </Flex>
  );
}

/** Registration can wait: the user picks when to be asked again, and sign-in completes without a device. */
function SkipRegistration({ pending, onComplete }: Omit<MfaDialogProps, "onCancel">) {
  const { i18n } = useLingui();
  const skip = useSkipMfa(pending.token);
  const [days, setDays] = useState<(typeof skipChoices)[number]>(0);
  const [failure, setFailure] = useState(noFailure);
  const labelId = useId();
  const choiceLabel = (choice: number) =>
    choice === 0 ? i18n._(msg`At my next sign-in`) : i18n._(msg`In ${choice} days`);
  const submit = () => {
    setFailure(noFailure);
    skip.mutate(days, { onSuccess: onComplete, onError: (error) => setFailure(describeFormFailure(error)) });
  };
  return (
    <Flex direction="column" gap="2">
      <Text size="2" weight="medium">
        <Trans>Not now?</Trans>
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Text id={labelId} size="2">
          <Trans>Remind me</Trans>
        </Text>
        <Select.Root value={String(days)} onValueChange={(value) => setDays(Number(value) as typeof days)}>
          <Select.Trigger aria-labelledby={labelId} />
          <Select.Content>
            {skipChoices.map((choice) => (
              <Select.Item key={choice} value={String(choice)}>
                {choiceLabel(choice)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Button type="button" variant="outline" loading={skip.isPending} onClick={submit}>
          <Trans>Skip for now</Trans>
        </Button>
      </Flex>
      <FormMessages messages={failure.messages} />
    </Flex>
  );
}
