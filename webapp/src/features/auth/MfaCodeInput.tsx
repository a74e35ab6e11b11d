import { useLingui } from "@lingui/react/macro";
import { TextField } from "@radix-ui/themes";
import type { Ref } from "react";
import "./MfaCodeInput.css";

/** Spec 1 §9: an MFA code has six digits. */
export const mfaCodeLength = 6;

type MfaCodeInputProps = {
  value: string;
  onValueChange: (value: string) => void;
  /** Called with the code as a number as soon as the sixth digit is typed or pasted. */
  onComplete: (code: number) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The MFA code entry of spec 1 §5: digits only (anything else typed or
 * pasted is dropped), six of them, and submitted by itself, as a number,
 * when the sixth arrives.
 */
export function MfaCodeInput({
  value,
  onValueChange,
  onComplete,
  disabled,
  invalid,
  describedBy,
  inputRef,
}: MfaCodeInputProps) {
  const { t } = useLingui();
  const change = (typed: string) => {
    const digits = typed.replace(/\D/g, "").slice(0, mfaCodeLength);
    onValueChange(digits);
    if (digits.length === mfaCodeLength && digits !== value) onComplete(Number(digits));
  };
  return (
    <TextField.Root
      ref={inputRef}
      className="mfa-code-input"
      size="3"
      aria-label={t`Six-digit code`}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      placeholder="000000"
      autoFocus
      disabled={disabled}
      value={value}
      onChange={(event) => change(event.target.value)}
    />
  );
}
