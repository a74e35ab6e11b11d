import type { MessageDescriptor } from "@lingui/core";
import { Checkbox, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Field } from "./Field";

type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: MessageDescriptor | null;
  disabled?: boolean;
};

/** A checkbox with its label beside it and its error under it (a consent, accepted terms). */
export function CheckboxField({ label, checked, onCheckedChange, error, disabled }: CheckboxFieldProps) {
  return (
    <Field label="" error={error}>
      {(control) => (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              id={control.id}
              aria-invalid={control["aria-invalid"]}
              aria-describedby={control["aria-describedby"]}
              checked={checked}
              disabled={disabled}
              onCheckedChange={(on) => onCheckedChange(on === true)}
            />
            {label}
          </Flex>
        </Text>
      )}
    </Field>
  );
}
