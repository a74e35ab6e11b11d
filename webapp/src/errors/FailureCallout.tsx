import { useLingui } from "@lingui/react/macro";
import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { FormFailure } from "./formFailure";

/**
 * A failed read's messages where its answer would have been, as one amber
 * alert; `whenSilent` speaks for a failure that carries no message.
 */
export function FailureCallout({ failure, whenSilent }: { failure: FormFailure | null; whenSilent?: ReactNode }) {
  const { t } = useLingui();
  if (!failure) return null;
  return (
    <Callout.Root color="amber" role="alert">
      <Callout.Text>
        {failure.messages.length > 0
          ? failure.messages.map((message, index) => <span key={index}>{t(message.text)}</span>)
          : whenSilent}
      </Callout.Text>
    </Callout.Root>
  );
}
