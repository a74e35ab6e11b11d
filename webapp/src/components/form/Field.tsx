import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Flex, Text } from "@radix-ui/themes";
import { type ReactNode, useId } from "react";

/** What a control needs to be tied to its label, hint and error for screen readers. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
};

type FieldProps = {
  label: ReactNode;
  /** The broken rule or the server's complaint about this field. */
  error?: MessageDescriptor | null;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled form field with its hint and its error message under it. */
export function Field({ label, error, hint, children }: FieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children({ id, "aria-invalid": !!error, "aria-describedby": describedBy })}
      {hint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red" role="alert">
          {i18n._(error)}
        </Text>
      )}
    </Flex>
  );
}
