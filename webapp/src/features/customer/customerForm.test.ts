import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { CustomerSchema } from "../../gen/portal/v1/customers_pb";
import { customerOf, formOf } from "./customerForm";
import { ManifestType } from "../../gen/portal/v1/vocabulary_pb";

describe("customer form", () => {
  it("starts with the spec's defaults", () => {
    const form = formOf(null);
    expect(form.language).toBe("en");
    expect(form.labelType).toBe("PDF"); // the select holds the contract's name
    expect(form.apiClient).toBe("SHIPPING");
    expect(form.currency).toBe("EUR");
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

  // Saving a customer unchanged must send back every manifesting rule with
  // its hub: the form had no field for it, and an admin's save dropped it.
  it("keeps every manifesting rule's hub through a save that changes nothing", () => {
    const stored = create(CustomerSchema, {
      id: 7n,
      name: "Acme",
      crmid: "DE12345678",
      hub: { id: 2n, name: "Frankfurt" },
      manifestingRules: [
        {
          destination: "NL",
          product: "EPAQSTD",
          service: "CUP",
          additionalOptions: ["SIGN"],
          manifestType: ManifestType.MANIFEST_CARRIER_DIRECT,
          hub: { id: 3n },
        },
        {
          destination: "AT",
          product: "",
          service: "",
          additionalOptions: [],
          manifestType: ManifestType.MANIFEST_MB_PLUS,
        },
      ],
    });
    const sent = customerOf(formOf(stored), stored.id);
    expect(sent.manifestingRules).toEqual([
      {
        destination: "NL",
        product: "EPAQSTD",
        service: "CUP",
        additionalOptions: ["SIGN"],
        manifestType: ManifestType.MANIFEST_CARRIER_DIRECT,
        hub: { id: 3n },
      },
      {
        destination: "AT",
        product: "",
        service: "",
        additionalOptions: [],
        manifestType: ManifestType.MANIFEST_MB_PLUS,
        hub: undefined,
      },
    ]);
    expect(sent.hub).toEqual({ id: 2n });
  });
});
