import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { NewPasswordField } from "./NewPasswordField";
import { PasswordField } from "./PasswordField";

type NewPasswordFieldsProps = {
  /** The input's name: the request field under which the server reports its errors. */
  name: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError?: MessageDescriptor | null;
  confirmationError?: MessageDescriptor | null;
};

/**
 * A password being chosen and its confirmation (spec 1 §5), as registration,
 * the password change and the reset ask for them: the first with the strength
 * meter and the generator, which fills the confirmation too, so a generated
 * password needs no typing.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <NewPasswordField
        label={t`New password`}
        name={props.name}
        value={props.password}
        onValueChange={props.onPasswordChange}
        error={props.passwordError}
        onGenerate={props.onConfirmationChange}
      />
      <PasswordField
        label={t`New password confirmation`}
        name="confirmPassword"
        autoComplete="new-password"
        value={props.confirmation}
        onValueChange={props.onConfirmationChange}
        error={props.confirmationError}
      />
    </>
  );
}
