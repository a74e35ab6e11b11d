import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** One broken rule of one field; forms turn it into a translated message. */
export type Violation =
  | { rule: "required" }
  | { rule: "minLength"; min: number }
  | { rule: "maxLength"; max: number }
  | { rule: "pattern" }
  | { rule: "email" }
  | { rule: "mismatch" };

/** What a pattern means depends on the field; these fields explain theirs. */
export type PatternField = "login" | "crmId";

/** The symbols a login may hold besides letters and digits (spec 1 §5); braces cannot sit in a message. */
export const loginSymbols = "! $ & * + = ? ^ _ ` { | } ~ . -";

const patternMessages: Record<PatternField, MessageDescriptor> = {
  login: msg`Your username may contain only letters, digits and the characters ${loginSymbols}`,
  crmId: msg`Enter AT, BE, DK, DE, IT, NL, ES or SE followed by exactly 8 digits, for example DE12345678.`,
};

/** The translated message for a broken rule of a field (spec 1 §5). */
export function violationMessage(violation: Violation, patternField?: PatternField): MessageDescriptor {
  switch (violation.rule) {
    case "required":
      return msg`This field is required.`;
    case "minLength": {
      const { min } = violation;
      return msg`This field needs at least ${min} characters.`;
    }
    case "maxLength": {
      const { max } = violation;
      return msg`This field cannot be longer than ${max} characters.`;
    }
    case "email":
      return msg`Please enter a valid e-mail address.`;
    case "mismatch":
      return msg`The password and its confirmation do not match!`;
    case "pattern":
      return patternField ? patternMessages[patternField] : msg`This field does not have the expected format.`;
  }
}

/** A confirmation typed again: required, and equal to what it confirms. */
export function confirmationViolation(value: string, confirmation: string): Violation | null {
  if (confirmation === "") return { rule: "required" };
  return confirmation === value ? null : { rule: "mismatch" };
}
