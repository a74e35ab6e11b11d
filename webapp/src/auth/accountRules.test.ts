import { describe, expect, it } from "vitest";
import {
  checkConfirmation,
  checkCrmId,
  checkEmail,
  checkLogin,
  checkPassword,
  type RegistrationForm,
  validateRegistration,
} from "./accountRules";

describe("login (spec 1 §5)", () => {
  it.each(["a", "anna", "Anna.Berg-2", "x!$&*+=?^_`{|}~.-y", "a".repeat(50)])("accepts %s", (login) => {
    expect(checkLogin(login)).toBeNull();
  });

  it("is required", () => expect(checkLogin("")).toEqual({ rule: "required" }));

  it("allows at most 50 characters", () => {
    expect(checkLogin("a".repeat(51))).toEqual({ rule: "maxLength", max: 50 });
  });

  it.each(["anna berg", "anna@example.com", "anna#1", "ännä", "a/b", "a'b", 'a"b', "a(b)", "a,b", "a;b", "a%b"])(
    "refuses the characters of %s",
    (login) => expect(checkLogin(login)).toEqual({ rule: "pattern" }),
  );
});

describe("e-mail (spec 1 §5)", () => {
  it.each(["a@b.c", "anna.berg@example.com", `${"a".repeat(240)}@example.com`])("accepts %s", (email) => {
    expect(checkEmail(email)).toBeNull();
  });

  it("is required", () => expect(checkEmail("")).toEqual({ rule: "required" }));

  it("needs 5 to 254 characters", () => {
    expect(checkEmail("a@b.")).toEqual({ rule: "minLength", min: 5 });
    expect(checkEmail(`${"a".repeat(245)}@example.com`)).toEqual({ rule: "maxLength", max: 254 });
  });

  it.each(["anna.example.com", "anna@example", "an na@example.com", "anna@@example.com"])("refuses %s", (email) => {
    expect(checkEmail(email)).toEqual({ rule: "email" });
  });
});

describe("password (spec 1 §5)", () => {
  it("is required", () => expect(checkPassword("")).toEqual({ rule: "required" }));

  it("needs 4 to 50 characters", () => {
    expect(checkPassword("abc")).toEqual({ rule: "minLength", min: 4 });
    expect(checkPassword("abcd")).toBeNull();
    expect(checkPassword("a".repeat(50))).toBeNull();
    expect(checkPassword("a".repeat(51))).toEqual({ rule: "maxLength", max: 50 });
  });

  it("counts characters, not bytes", () => expect(checkPassword("äöü")).toEqual({ rule: "minLength", min: 4 }));

  it("takes a screen's own maximum", () => {
    expect(checkPassword("a".repeat(21), 20)).toEqual({ rule: "maxLength", max: 20 });
  });

  it("wants the confirmation to follow the same rules and to match", () => {
    expect(checkConfirmation("secret", "")).toEqual({ rule: "required" });
    expect(checkConfirmation("secret", "abc")).toEqual({ rule: "minLength", min: 4 });
    expect(checkConfirmation("secret", "Secret")).toEqual({ rule: "mismatch" });
    expect(checkConfirmation("secret", "secret")).toBeNull();
  });
});

describe("CRM id (spec 1 §5)", () => {
  it.each(["AT", "BE", "DK", "DE", "IT", "NL", "ES", "SE"])("accepts the prefix %s with 8 digits", (prefix) => {
    expect(checkCrmId(`${prefix}12345678`)).toBeNull();
  });

  it("ignores case", () => expect(checkCrmId("de12345678")).toBeNull());

  it("is required", () => expect(checkCrmId("")).toEqual({ rule: "required" }));

  it.each(["FR12345678", "DE1234567", "DE123456789", "DE1234567A", "12345678", "D E12345678"])(
    "refuses %s",
    (crmId) => {
      expect(checkCrmId(crmId)).toEqual({ rule: "pattern" });
    },
  );
});

describe("validateRegistration", () => {
  const valid: RegistrationForm = {
    login: "anna",
    email: "anna@example.com",
    password: "Secret-2026",
    confirmPassword: "Secret-2026",
    crmId: "DE12345678",
    requestReason: "",
    langKey: "en",
  };

  it("passes a complete form; request reason and language are optional", () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(validateRegistration({ ...valid, langKey: "" })).toEqual({});
  });

  it("names every broken field at once", () => {
    const form = { ...valid, login: "", email: "anna", confirmPassword: "other-one", crmId: "XX1" };
    expect(validateRegistration(form)).toEqual({
      login: { rule: "required" },
      email: { rule: "minLength", min: 5 },
      confirmPassword: { rule: "mismatch" },
      crmId: { rule: "pattern" },
    });
  });
});
