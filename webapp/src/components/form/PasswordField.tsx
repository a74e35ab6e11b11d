import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { EyeClosedIcon, EyeOpenIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, TextField } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { Field } from "./Field";

export type PasswordFieldProps = {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: MessageDescriptor | null;
  /** "current-password" to sign in, "new-password" where one is chosen. */
  autoComplete: "current-password" | "new-password";
  name?: string;
};

type Extras = {
  /** Buttons before the show or hide toggle; `reveal` shows the password. */
  actions?: (reveal: () => void) => ReactNode;
  /** What shows under the field. */
  children?: ReactNode;
};

/**
 * The shared password field of spec 1 §5 with its show or hide toggle. Where
 * a password is chosen, `NewPasswordField` adds the generator and the
 * strength meter, which the sign-in dialog does without (issue 16).
 */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  autoComplete,
  name,
  actions,
  children,
}: PasswordFieldProps & Extras) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Flex direction="column" gap="2">
          <TextField.Root
            {...control}
            name={name}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          >
            <TextField.Slot side="right">
              {actions?.(() => setVisible(true))}
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                aria-label={visible ? t`Hide password` : t`Show password`}
                aria-pressed={visible}
                onClick={() => setVisible(!visible)}
              >
                {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
              </IconButton>
            </TextField.Slot>
          </TextField.Root>
          {children}
        </Flex>
      )}
    </Field>
  );
}
