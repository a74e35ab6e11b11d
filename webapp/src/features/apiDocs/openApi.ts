import { parse } from "yaml";

/** Where the portal serves its OpenAPI document, generated from the protos. */
export const openApiDocumentUrl = "/api-docs/portal.openapi.yaml";

const methods = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

export type ApiParameter = { name: string; in: string; required: boolean; type: string; description: string };

/** One answer an operation documents: its status ("200", "404", "default"), what it means, and its body. */
export type ApiResponse = { status: string; description: string; mediaType: string; schema: unknown };

export type ApiOperation = {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** The request body's schema (its name, or its type), when the operation takes one. */
  requestBody: string | null;
  /** The request body's schema itself, for its fields and an example; null without a body. */
  bodySchema: unknown;
  responses: ApiResponse[];
  /** The operation asks for no sign-in (its security list is empty). */
  anonymous: boolean;
};

export type ApiGroup = { name: string; operations: ApiOperation[] };

/** The document's named schemas (components.schemas), which operations refer to by $ref. */
export type ApiSchemas = Record<string, unknown>;

export type ApiDocument = {
  title: string;
  version: string;
  description: string;
  groups: ApiGroup[];
  schemas: ApiSchemas;
};

type Loose = Record<string, unknown>;
export const asObject = (value: unknown): Loose => (value && typeof value === "object" ? (value as Loose) : {});
export const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/** Follows a local $ref (#/components/...) through the document; anything else stays as it is. */
export function resolveRef(value: unknown, root: Loose): Loose {
  let current = asObject(value);
  for (let hops = 0; hops < 8; hops++) {
    const ref = asText(current.$ref);
    if (!ref.startsWith("#/")) return current;
    let target: unknown = root;
    for (const part of ref.slice(2).split("/")) target = asObject(target)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    current = { ...asObject(target), ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref")) };
    if (!asText(asObject(target).$ref)) return current;
  }
  return current;
}

function responsesOf(raw: unknown, root: Loose): ApiResponse[] {
  return Object.entries(asObject(raw)).map(([status, value]) => {
    const response = resolveRef(value, root);
    const [mediaType = "", media] = Object.entries(asObject(response.content))[0] ?? [];
    return { status, description: asText(response.description), mediaType, schema: asObject(media).schema ?? null };
  });
}

/**
 * An operation is anonymous when the document declares how to sign in and the operation asks for none of it: an empty
 * security list, or one that offers the empty requirement `{}` (a sign-in is welcome, not needed).
 */
function anonymousOf(op: Loose, root: Loose): boolean {
  if (Object.keys(asObject(asObject(root.components).securitySchemes)).length === 0) return false;
  const security = Array.isArray(op.security) ? op.security : Array.isArray(root.security) ? root.security : null;
  return security !== null && (security.length === 0 || security.some((r) => Object.keys(asObject(r)).length === 0));
}

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

function bodySchemaOf(raw: unknown): unknown {
  const [first] = Object.values(asObject(asObject(raw).content));
  return first === undefined ? null : (asObject(first).schema ?? null);
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
        parameters: [...shared, ...own].map((parameter) => parameterOf(resolveRef(parameter, doc))),
        requestBody: requestBodyOf(op.requestBody),
        bodySchema: bodySchemaOf(op.requestBody),
        responses: responsesOf(op.responses, doc),
        anonymous: anonymousOf(op, doc),
      };
      groups.set(group, [...(groups.get(group) ?? []), operation]);
    }
  }
  return {
    title: asText(info.title),
    version: asText(info.version),
    description: asText(info.description),
    groups: [...groups.entries()].map(([name, operations]) => ({ name, operations })),
    schemas: asObject(asObject(doc.components).schemas),
  };
}
