import {
  create,
  createRegistry,
  type DescMessage,
  getOption,
  hasOption,
  type MessageInitShape,
} from "@bufbuild/protobuf";
import type { Path } from "@bufbuild/protobuf/reflect";
import { createValidator, type Violation } from "@bufbuild/protovalidate";
import type { MessageDescriptor } from "@lingui/core";
import { fieldMessage } from "../../errors/describeFailure";
import type { Violation as FieldViolation } from "./violationMessage";
import { field as fieldRulesOption } from "../../gen/rules/buf/validate/validate_pb";
import { file_portal_v1_account } from "../../gen/rules/portal/v1/account_pb";
import { file_portal_v1_address_book } from "../../gen/rules/portal/v1/address_book_pb";
import { file_portal_v1_inquiries } from "../../gen/rules/portal/v1/inquiries_pb";
import { file_portal_v1_reports } from "../../gen/rules/portal/v1/reports_pb";
import { file_portal_v1_user_data } from "../../gen/rules/portal/v1/user_data_pb";
import { file_portal_v1_users } from "../../gen/rules/portal/v1/users_pb";
import { FieldErrorSchema } from "../../gen/portal/v1/errors_pb";

/*
 * The field rules the protos state (lengths, patterns, ranges, required,
 * e-mail, enums) checked in the browser from the generated descriptors with
 * @bufbuild/protovalidate, the validator the server runs
 * (adapters/rpc/validation.go) in its ECMAScript edition: a form shows the
 * server's own messages as the user types, and no rule is copied into
 * TypeScript. testdata/validation/field_rules.json holds both validators to
 * the same answers (fieldRules.test.ts).
 */

const validator = createValidator();

/*
 * The descriptors with their buf.validate options (src/gen/rules): the
 * pages' own (src/gen) leave them out, so that pages that check nothing,
 * /login first, do not load them (issue 16). A request is checked against
 * its namesake here, and so is a message a form checks by itself (the
 * address book's entry).
 */
const rulesRegistry = createRegistry(
  file_portal_v1_account,
  file_portal_v1_address_book,
  file_portal_v1_users,
  file_portal_v1_user_data,
  file_portal_v1_inquiries,
  file_portal_v1_reports,
);

/** The request's descriptor with its field rules; a request of another service is a mistake of ours. */
function withRules(schema: DescMessage): DescMessage {
  const found = rulesRegistry.getMessage(schema.typeName);
  if (!found) throw new Error(`${schema.typeName}: no field rules generated (buf.gen.yaml, webapp/src/gen/rules)`);
  return found;
}

/** The rule keys the server answers in field errors and the catalogs translate (error.{rule}). */
export type RuleKey = "required" | "Size" | "pattern" | "email";

/** A protovalidate rule id as the server keys it (adapters/rpc/validation.go ruleKeyOf). */
export function ruleKeyOf(ruleId: string): RuleKey {
  if (ruleId === "required") return "required";
  const kind = ruleId.slice(ruleId.lastIndexOf(".") + 1);
  if (kind === "email") return "email";
  if (
    kind.startsWith("gt") ||
    kind.startsWith("lt") ||
    kind === "len" ||
    kind.endsWith("_len") ||
    kind.endsWith("_bytes") ||
    kind.endsWith("_items") ||
    kind.endsWith("_pairs")
  )
    return "Size";
  return "pattern";
}

/** The violated field as the request's JSON names it: "id", "user.email", "shipmentIds[0]". */
export function fieldPathOf(path: Path): string {
  let out = "";
  for (const element of path) {
    switch (element.kind) {
      case "field":
        out += (out ? "." : "") + element.jsonName;
        break;
      case "list_sub":
        out += `[${element.index}]`;
        break;
      case "map_sub":
        out += `[${String(element.key)}]`;
        break;
      default:
        out += (out ? "." : "") + element.name;
    }
  }
  return out;
}

/** Every broken field rule of a request, by field path: the first rule per field, as the server answers. */
export function brokenRules<Desc extends DescMessage>(
  schema: Desc,
  init: MessageInitShape<Desc>,
): Record<string, RuleKey> {
  const out: Record<string, RuleKey> = {};
  for (const [path, violation] of violationsOf(schema, init)) out[path] = ruleKeyOf(violation.ruleId);
  return out;
}

/**
 * A number's bounds (int32.gte, double.lt, ...). The server keys them Size, as its other length rules; a form says
 * what they mean for a number, "out of range" (error.range), not "too short or too long".
 */
const numberBounds = /^(u?int(32|64)|s?fixed(32|64)|sint(32|64)|float|double)\.(gt|lt)/;

/** The server's translated message for each broken field rule of a request, by field path. */
export function fieldRuleMessages<Desc extends DescMessage>(
  schema: Desc,
  init: MessageInitShape<Desc>,
): Record<string, MessageDescriptor> {
  const ruleIds: Record<string, string> = {};
  for (const [path, violation] of violationsOf(schema, init)) ruleIds[path] = violation.ruleId;
  return Object.fromEntries(
    Object.entries(ruleIds).map(([field, ruleId]) => [
      field,
      fieldMessage(
        create(FieldErrorSchema, { field, message: numberBounds.test(ruleId) ? "range" : ruleKeyOf(ruleId) }),
      ).text,
    ]),
  );
}

/** The field rules a request's field states in the proto, or undefined. */
function rulesOf(schema: DescMessage, jsonName: string) {
  const field = withRules(schema).fields.find((f) => f.jsonName === jsonName);
  return field && hasOption(field, fieldRulesOption) ? getOption(field, fieldRulesOption) : undefined;
}

/** The fields of a request the proto marks required, by their JSON names (a form marks them with "*"). */
export function requiredFieldsOf(schema: DescMessage): string[] {
  return schema.fields.filter((f) => rulesOf(schema, f.jsonName)?.required).map((f) => f.jsonName);
}

/** The most items a repeated field of a request takes, as its proto states. */
export function maxItemsOf(schema: DescMessage, jsonName: string): number | undefined {
  const rules = rulesOf(schema, jsonName);
  return rules?.type.case === "repeated" && rules.type.value.maxItems > 0n
    ? Number(rules.type.value.maxItems)
    : undefined;
}

/** The first broken rule of each field of a request, by field path, with its protovalidate rule id. */
function violationsOf<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): Map<string, Violation> {
  const rules = withRules(schema);
  const result = validator.validate(rules, create(rules, init as MessageInitShape<DescMessage>));
  if (result.kind === "error") throw result.error;
  const out = new Map<string, Violation>();
  if (result.kind === "invalid") {
    for (const violation of result.violations as Violation[]) {
      const path = fieldPathOf(violation.field);
      if (!out.has(path)) out.set(path, violation);
    }
  }
  return out;
}

/**
 * The broken field rules of a request as the forms' messages name them
 * (violationMessage): a length with its limit from the proto, a pattern,
 * an e-mail, a required field; by the request's field names.
 */
export function fieldViolations<Desc extends DescMessage>(
  schema: Desc,
  init: MessageInitShape<Desc>,
): Record<string, FieldViolation> {
  const out: Record<string, FieldViolation> = {};
  for (const [path, violation] of violationsOf(schema, init)) {
    const rules = rulesOf(schema, path);
    const string = rules?.type.case === "string" ? rules.type.value : undefined;
    switch (violation.ruleId) {
      case "string.min_len":
        out[path] = { rule: "minLength", min: Number(string?.minLen ?? 0) };
        break;
      case "string.max_len":
        out[path] = { rule: "maxLength", max: Number(string?.maxLen ?? 0) };
        break;
      default: {
        const key = ruleKeyOf(violation.ruleId);
        out[path] = key === "required" || key === "email" ? { rule: key } : { rule: "pattern" };
      }
    }
  }
  return out;
}

/** The most characters a string field of a request takes, as its proto states. */
export function maxLengthOf(schema: DescMessage, jsonName: string): number | undefined {
  const rules = rulesOf(schema, jsonName);
  return rules?.type.case === "string" && rules.type.value.maxLen > 0n ? Number(rules.type.value.maxLen) : undefined;
}

/**
 * One value checked against a field's rules in the proto, for a form whose
 * own request does not state them yet (the e-mail of the settings, a
 * user's login): the registration's login, e-mail and password rules are
 * the ones core/account holds for every login.
 */
export function fieldViolation<Desc extends DescMessage>(
  schema: Desc,
  field: string & keyof MessageInitShape<Desc>,
  value: string,
): FieldViolation | null {
  return fieldViolations(schema, { [field]: value } as MessageInitShape<Desc>)[field] ?? null;
}
