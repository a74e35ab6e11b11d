import type { MessageDescriptor } from "@lingui/core";
import { TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { Field } from "./Field";

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "value" | "onChange" | "id" | "children">;

type TextInputFieldProps = InputProps & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: MessageDescriptor | null;
  hint?: ReactNode;
};

/** A labelled one-line text input with its error under it. */
export function TextInputField({ label, value, onValueChange, error, hint, ...input }: TextInputFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <TextField.Root {...input} {...control} value={value} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </Field>
  );
}
