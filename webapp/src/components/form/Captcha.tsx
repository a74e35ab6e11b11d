import { Trans } from "@lingui/react/macro";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Flex, Spinner, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useCaptchaChallenge } from "../../api/captcha";
import { solveCaptcha } from "./captchaSolver";

type CaptchaProps = {
  /** The profile's captcha site key; without one there is no captcha (spec 1 §5). */
  siteKey: string | undefined;
  /** Each answer counts once: the form raises the round after a failed send to get a new one. */
  round: number;
  /** Receives the token to send, or "" while there is none. */
  onToken: (token: string) => void;
  /** Asks the form for a new round after a failed check. */
  onRetry: () => void;
};

/**
 * The captcha of the anonymous forms, shown only when the profile names a
 * site key. It is the portal's own proof of work (no third-party script): the
 * browser fetches a signed challenge and searches for its answer while the
 * visitor fills in the form.
 */
export function Captcha({ siteKey, round, onToken, onRetry }: CaptchaProps) {
  const enabled = !!siteKey;
  const challenge = useCaptchaChallenge(round, enabled);
  const [state, setState] = useState<"working" | "done" | "failed">("working");

  useEffect(() => {
    if (!challenge.data) return;
    const abort = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new challenge restarts the solver this effect runs; its state says where that work stands
    setState("working");
    onToken("");
    void solveCaptcha(challenge.data, abort.signal).then((token) => {
      if (abort.signal.aborted) return;
      onToken(token ?? "");
      setState(token ? "done" : "failed");
    });
    return () => abort.abort();
  }, [challenge.data, onToken]);

  if (!enabled) return null;
  const failed = challenge.isError || state === "failed";
  return (
    <Flex align="center" gap="2" data-testid="captcha" role="status" data-site-key={siteKey}>
      {failed ? (
        <>
          <ExclamationTriangleIcon color="var(--red-9)" />
          <Text size="2" color="red">
            <Trans>The security check could not be completed.</Trans>
          </Text>
          <Button type="button" size="1" variant="soft" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : state === "done" ? (
        <>
          <CheckCircledIcon color="var(--green-9)" />
          <Text size="2" color="gray">
            <Trans>Security check passed.</Trans>
          </Text>
        </>
      ) : (
        <>
          <Spinner size="1" />
          <Text size="2" color="gray">
            <Trans>Running a short security check…</Trans>
          </Text>
        </>
      )}
    </Flex>
  );
}
