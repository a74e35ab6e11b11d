/**
 * The client-side rules of spec 1 §5 for logins, e-mail addresses, passwords
 * and CRM ids. They mirror the server's (core/account) so that a form points
 * at a mistake before anything is sent; the server checks again.
 */

/** One broken rule of one field; forms turn it into a translated message. */
export type Violation =
  | { rule: "required" }
  | { rule: "minLength"; min: number }
  | { rule: "maxLength"; max: number }
  | { rule: "pattern" }
  | { rule: "email" }
  | { rule: "mismatch" };

/** Limits of spec 1 §9. */
export const limits = {
  loginMax: 50,
  emailMin: 5,
  emailMax: 254,
  passwordMin: 4,
  passwordMax: 50,
} as const;

const loginPattern = /^[a-zA-Z0-9!$&*+=?^_`{|}~.-]+$/;
const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const crmIdPattern = /^(AT|BE|DK|DE|IT|NL|ES|SE)[0-9]{8}$/i;

/** Length in characters, as the server counts (an "ä" is one). */
const lengthOf = (value: string) => [...value].length;

function checkLength(value: string, min: number, max: number): Violation | null {
  const length = lengthOf(value);
  if (length < min) return { rule: "minLength", min };
  if (length > max) return { rule: "maxLength", max };
  return null;
}

/** Login: required; letters, digits and ! $ & * + = ? ^ _ ` { | } ~ . -; 1 to 50 characters. */
export function checkLogin(login: string): Violation | null {
  if (login === "") return { rule: "required" };
  return checkLength(login, 1, limits.loginMax) ?? (loginPattern.test(login) ? null : { rule: "pattern" });
}

/** E-mail: required; 5 to 254 characters; name@domain.tld. */
export function checkEmail(email: string): Violation | null {
  if (email === "") return { rule: "required" };
  return checkLength(email, limits.emailMin, limits.emailMax) ?? (emailPattern.test(email) ? null : { rule: "email" });
}

/** Password: required; 4 to 50 characters unless a screen sets another maximum. */
export function checkPassword(password: string, maxLength: number = limits.passwordMax): Violation | null {
  if (password === "") return { rule: "required" };
  return checkLength(password, limits.passwordMin, maxLength);
}

/** Confirmation: the password's rules, and equal to it. */
export function checkConfirmation(
  password: string,
  confirmation: string,
  maxLength: number = limits.passwordMax,
): Violation | null {
  return checkPassword(confirmation, maxLength) ?? (confirmation === password ? null : { rule: "mismatch" });
}

/** CRM id: required; AT, BE, DK, DE, IT, NL, ES or SE and exactly 8 digits, in any case. */
export function checkCrmId(crmId: string): Violation | null {
  if (crmId.trim() === "") return { rule: "required" };
  return crmIdPattern.test(crmId.trim()) ? null : { rule: "pattern" };
}

export type RegistrationForm = {
  login: string;
  email: string;
  password: string;
  confirmPassword: string;
  crmId: string;
  requestReason: string;
  langKey: string;
};

export type Violations<Form> = Partial<Record<keyof Form, Violation>>;

/** Removes the fields that pass, so an empty object means the form may be sent. */
export function onlyViolations<Form>(checks: Record<keyof Form, Violation | null>): Violations<Form> {
  return Object.fromEntries(Object.entries(checks).filter(([, violation]) => violation)) as Violations<Form>;
}

/** The registration form of spec 1 §5; request reason and language are optional. */
export function validateRegistration(form: RegistrationForm): Violations<RegistrationForm> {
  return onlyViolations<RegistrationForm>({
    login: checkLogin(form.login),
    email: checkEmail(form.email),
    password: checkPassword(form.password),
    confirmPassword: checkConfirmation(form.password, form.confirmPassword),
    crmId: checkCrmId(form.crmId),
    requestReason: null,
    langKey: null,
  });
}
