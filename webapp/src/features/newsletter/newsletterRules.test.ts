import { describe, expect, it } from "vitest";
import { validateNewsletter } from "./newsletterRules";

describe("the newsletter's rules (spec 3 §5)", () => {
  it("gives each field its own message", () => {
    expect(validateNewsletter({ company: "", email: "", acceptTerms: false })).toEqual({
      company: "required",
      email: "required",
      acceptTerms: "terms",
    });
    expect(validateNewsletter({ company: "A", email: "not-an-address", acceptTerms: true })).toEqual({
      company: "minLength",
      email: "email",
    });
    expect(validateNewsletter({ company: "AB", email: "ab@example.org", acceptTerms: true })).toEqual({});
  });
});
