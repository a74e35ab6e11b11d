import { createRegistry, type DescMessage, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import vectors from "../../../../testdata/validation/field_rules.json";
import { file_portal_v1_account, RegisterRequestSchema } from "../../gen/portal/v1/account_pb";
import { file_portal_v1_address_book } from "../../gen/portal/v1/address_book_pb";
import { file_portal_v1_inquiries } from "../../gen/portal/v1/inquiries_pb";
import { file_portal_v1_reports } from "../../gen/portal/v1/reports_pb";
import { file_portal_v1_user_data } from "../../gen/portal/v1/user_data_pb";
import { file_portal_v1_users } from "../../gen/portal/v1/users_pb";
import { brokenRules, fieldRuleMessages, fieldViolation, fieldViolations, maxLengthOf, ruleKeyOf } from "./fieldRules";

const registry = createRegistry(
  file_portal_v1_account,
  file_portal_v1_address_book,
  file_portal_v1_users,
  file_portal_v1_user_data,
  file_portal_v1_inquiries,
  file_portal_v1_reports,
);

/** Expands the file's {"$repeat": "ä", "count": n} strings and {"$repeatItem": x, "count": n} lists. */
function expand(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(expand);
  if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (typeof object.$repeat === "string") return object.$repeat.repeat(object.count as number);
    if ("$repeatItem" in object)
      return Array.from({ length: object.count as number }, () => expand(object.$repeatItem));
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, expand(item)]));
  }
  return value as JsonValue;
}

type Vector = { name: string; message: string; input: unknown; refused: Record<string, string> };

describe("the browser refuses the fields the server refuses (testdata/validation/field_rules.json)", () => {
  it("has the server's vectors, good and bad", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
    expect(
      (vectors as Vector[]).filter((vector) => Object.keys(vector.refused).length > 0).length,
    ).toBeGreaterThanOrEqual(30);
  });

  it.each(vectors as Vector[])("$name", ({ message, input, refused }) => {
    const schema = registry.getMessage(message) as DescMessage;
    expect(schema, message).toBeDefined();
    const parsed = fromJson(schema, expand(input), { registry });
    expect(brokenRules(schema, parsed)).toEqual(refused);
  });

  it("names a broken rule with the server's translated message", () => {
    const schema = registry.getMessage("portal.v1.CreateCommercialInvoiceRequest") as DescMessage;
    const messages = fieldRuleMessages(schema, { vat: -1, poNumber: "x".repeat(36), shipmentIds: [] });
    expect(Object.keys(messages).sort()).toEqual(["poNumber", "shipmentIds", "vat"]);
    // A number out of its bounds reads as out of range; a text too long as the server's Size.
    expect(messages.vat.id).toBe("error.range");
    expect(messages.poNumber.id).toBe("error.Size");
  });

  it("names broken rules as the forms' messages do, with the proto's limits", () => {
    expect(
      fieldViolations(RegisterRequestSchema, { login: "anna b", email: "a@b", password: "abc", crmId: "de1" }),
    ).toEqual({
      login: { rule: "pattern" },
      // Both validators report the field's CEL rule before its lengths.
      email: { rule: "email" },
      password: { rule: "minLength", min: 4 },
      crmId: { rule: "pattern" },
    });
    expect(fieldViolation(RegisterRequestSchema, "login", "a".repeat(51))).toEqual({ rule: "maxLength", max: 50 });
    expect(fieldViolation(RegisterRequestSchema, "email", "anna@example")).toEqual({ rule: "email" });
    expect(fieldViolation(RegisterRequestSchema, "email", "")).toEqual({ rule: "required" });
    expect(fieldViolation(RegisterRequestSchema, "crmId", " de12345678 ")).toBeNull();
    expect(maxLengthOf(RegisterRequestSchema, "login")).toBe(50);
  });

  it("keys rules as the server does", () => {
    expect(ruleKeyOf("string.max_len")).toBe("Size");
    expect(ruleKeyOf("double.gte_lte")).toBe("Size");
    expect(ruleKeyOf("enum.defined_only")).toBe("pattern");
    expect(ruleKeyOf("string.email")).toBe("email");
    expect(ruleKeyOf("required")).toBe("required");
  });
});
