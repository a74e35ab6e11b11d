import { useLingui } from "@lingui/react/macro";
import { MagicWandIcon } from "@radix-ui/react-icons";
import { IconButton, Tooltip } from "@radix-ui/themes";
import { generatePassword } from "../../auth/passwordGenerator";
import { PasswordField, type PasswordFieldProps } from "./PasswordField";
import { StrengthMeter } from "./StrengthMeter";

/**
 * A password being chosen (spec 1 §5): the password field with the random
 * generator (8 characters with numbers and symbols) and the five-level
 * strength meter. `onGenerate` gets the generated password, so that a form
 * can fill the confirmation too.
 */
export function NewPasswordField({
  onGenerate,
  ...props
}: Omit<PasswordFieldProps, "autoComplete"> & { onGenerate?: (password: string) => void }) {
  const { t } = useLingui();
  return (
    <PasswordField
      {...props}
      autoComplete="new-password"
      actions={(reveal) => (
        <Tooltip content={t`Generate a password`}>
          <IconButton
            type="button"
            size="1"
            variant="ghost"
            aria-label={t`Generate a password`}
            onClick={() => {
              const password = generatePassword();
              reveal();
              props.onValueChange(password);
              onGenerate?.(password);
            }}
          >
            <MagicWandIcon />
          </IconButton>
        </Tooltip>
      )}
    >
      <StrengthMeter password={props.value} />
    </PasswordField>
  );
}
