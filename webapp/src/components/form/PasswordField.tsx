import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { EyeClosedIcon, EyeOpenIcon, MagicWandIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, TextField, Tooltip } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { generatePassword } from "../../auth/passwordGenerator";
import { Field } from "./Field";
import { StrengthMeter } from "./StrengthMeter";

type PasswordFieldProps = {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: MessageDescriptor | null;
  /** "current-password" to sign in, "new-password" where one is chosen. */
  autoComplete: "current-password" | "new-password";
  name?: string;
  /** Shows the five-level strength meter under the field. */
  showStrength?: boolean;
  /**
   * Offers the random generator; gets the generated password so that the
   * form can fill the confirmation too.
   */
  onGenerate?: (password: string) => void;
};

/**
 * The shared password field of spec 1 §5: a show or hide toggle, an optional
 * generator (8 characters with numbers and symbols) and an optional strength
 * meter.
 */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  autoComplete,
  name,
  showStrength = false,
  onGenerate,
}: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const generate = () => {
    const password = generatePassword();
    setVisible(true);
    onValueChange(password);
    onGenerate?.(password);
  };
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
              {onGenerate && (
                <Tooltip content={t`Generate a password`}>
                  <IconButton
                    type="button"
                    size="1"
                    variant="ghost"
                    aria-label={t`Generate a password`}
                    onClick={generate}
                  >
                    <MagicWandIcon />
                  </IconButton>
                </Tooltip>
              )}
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
          {showStrength && <StrengthMeter password={value} />}
        </Flex>
      )}
    </Field>
  );
}
