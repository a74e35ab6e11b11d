import { fieldViolation } from "../../components/form/fieldRules";
import { RegisterRequestSchema } from "../../gen/portal/v1/account_pb";

/** The newsletter form (spec 3 §3, §5). */
export type NewsletterForm = { company: string; email: string; acceptTerms: boolean };

export type NewsletterRule = "required" | "minLength" | "email" | "terms";

/** Company at least 2 characters, a valid e-mail, the terms accepted: each its own message. */
export function validateNewsletter(form: NewsletterForm): Partial<Record<keyof NewsletterForm, NewsletterRule>> {
  const out: Partial<Record<keyof NewsletterForm, NewsletterRule>> = {};
  const company = form.company.trim();
  if (company === "") out.company = "required";
  else if ([...company].length < 2) out.company = "minLength";
  const email = fieldViolation(RegisterRequestSchema, "email", form.email.trim());
  if (email) out.email = email.rule === "required" ? "required" : "email";
  if (!form.acceptTerms) out.acceptTerms = "terms";
  return out;
}
