import { parse } from "yaml";

/** Where the portal serves its OpenAPI document, generated from the protos. */
export const openApiDocumentUrl = "/api-docs/portal.openapi.yaml";

const methods = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

export type ApiParameter = { name: string; in: string; required: boolean; type: string; description: string };

export type ApiOperation = {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** The request body's schema (its name, or its type), when the operation takes one. */
  requestBody: string | null;
};

export type ApiGroup = { name: string; operations: ApiOperation[] };

export type ApiDocument = { title: string; version: string; description: string; groups: ApiGroup[] };

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose => (value && typeof value === "object" ? (value as Loose) : {});
const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/** A schema in one word: the name of the schema it refers to, or its type. */
function schemaName(schema: unknown): string {
  const s = asObject(schema);
  const ref = asText(s.$ref);
  if (ref) return ref.split("/").pop() ?? ref;
  if (s.type === "array") return `${schemaName(s.items)}[]`;
  return asText(s.type) || asText(s.title);
}

function parameterOf(raw: unknown): ApiParameter {
  const p = asObject(raw);
  return {
    name: asText(p.name),
    in: asText(p.in),
    required: p.required === true,
    type: schemaName(p.schema),
    description: asText(p.description),
  };
}

function requestBodyOf(raw: unknown): string | null {
  const content = asObject(asObject(raw).content);
  const [first] = Object.values(content);
  return first === undefined ? null : schemaName(asObject(first).schema) || null;
}

/**
 * Reads an OpenAPI 3 document (YAML or JSON) into what the viewer lists:
 * the operations grouped by their first tag (the service), in path order.
 */
export function readOpenApi(text: string): ApiDocument {
  const doc = asObject(parse(text));
  const info = asObject(doc.info);
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(asObject(doc.paths))) {
    const pathItem = asObject(item);
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of methods) {
      if (!(method in pathItem)) continue;
      const op = asObject(pathItem[method]);
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const tags = Array.isArray(op.tags) ? op.tags.map(asText) : [];
      const group = tags[0] || "";
      const operation: ApiOperation = {
        method: method.toUpperCase(),
        path,
        summary: asText(op.summary) || asText(op.operationId),
        description: asText(op.description).replace(/\n\s+/g, "\n"),
        parameters: [...shared, ...own].map(parameterOf),
        requestBody: requestBodyOf(op.requestBody),
      };
      groups.set(group, [...(groups.get(group) ?? []), operation]);
    }
  }
  return {
    title: asText(info.title),
    version: asText(info.version),
    description: asText(info.description),
    groups: [...groups.entries()].map(([name, operations]) => ({ name, operations })),
  };
}
