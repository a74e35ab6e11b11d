import { describe, expect, it } from "vitest";
import { customerOf, formOf, formProblems } from "./customerForm";

describe("customer form", () => {
  it("starts with the spec's defaults", () => {
    const form = formOf(null);
    expect(form.language).toBe("en");
    expect(form.labelType).toBe("PDF");
    expect(form.apiClient).toBe("SHIPPING");
    expect(form.currency).toBe("EUR");
  });

  it("requires name, and crmid and apiUsername from admins", () => {
    const form = formOf(null);
    expect(formProblems(form, true)).toEqual({ name: "required", crmid: "required", apiUsername: "required" });
    expect(formProblems(form, false)).toEqual({ name: "required" });
    const bad = { ...form, name: "Acme", crmid: "FR12345678", apiUsername: "x" };
    expect(formProblems(bad, true)).toEqual({ crmid: "pattern" });
    const long = {
      ...bad,
      crmid: "de12345678",
      credentials: { ...bad.credentials, cognitoClientSecret: "s".repeat(101) },
    };
    expect(formProblems(long, true)).toEqual({ cognitoClientSecret: "maxLength" });
  });

  it("sends features, lists and the schedule", () => {
    const form = {
      ...formOf(null),
      name: "Acme",
      crmid: "de12345678",
      manifestEmails: "a@example.org, b@example.org",
      features: [
        { product: "EPAQPLS", service: "STD", options: "INS, SIG" },
        { product: "", service: "", options: "" },
      ],
      schedule: { active: true, time: "17:30", days: ["MONDAY"] },
    };
    const sent = customerOf(form, undefined);
    expect(sent.crmid).toBe("DE12345678");
    expect(sent.manifestEmails).toEqual(["a@example.org", "b@example.org"]);
    expect(sent.availableFeatures).toEqual([{ product: "EPAQPLS", service: "STD", options: ["INS", "SIG"] }]);
    expect(sent.autoManifestDayTime).toEqual({ active: true, time: "17:30", days: ["MONDAY"] });
  });
});
