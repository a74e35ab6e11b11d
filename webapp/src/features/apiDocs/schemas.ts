import { type ApiSchemas, asObject, asText, resolveRef } from "./openApi";

/** One field of a schema as the reference lists it. */
export type SchemaField = { name: string; type: string; description: string; values: string[] };

const rootOf = (schemas: ApiSchemas) => ({ components: { schemas } });

/** A schema's own shape: its $ref followed, and the first choice of a oneOf/anyOf/allOf. */
function shapeOf(schema: unknown, schemas: ApiSchemas): Record<string, unknown> {
  let shape = resolveRef(schema, rootOf(schemas));
  for (const choice of ["allOf", "oneOf", "anyOf"]) {
    const options = shape[choice];
    if (Array.isArray(options)) {
      const concrete = options.map((o) => resolveRef(o, rootOf(schemas))).find((o) => o.type !== "null");
      if (concrete) shape = { ...concrete, ...shape, [choice]: undefined };
    }
  }
  return shape;
}

/** The type of a schema in words a reader knows: "string (date-time)", "Account", "string[]". */
export function typeName(schema: unknown, schemas: ApiSchemas): string {
  const raw = asObject(schema);
  const ref = asText(raw.$ref);
  if (ref) return (ref.split("/").pop() ?? ref).replace(/^portal\.v1\./, "");
  for (const choice of ["oneOf", "anyOf", "allOf"]) {
    const options = raw[choice];
    const concrete = Array.isArray(options) ? options.find((o) => asObject(o).type !== "null") : undefined;
    if (concrete) return typeName(concrete, schemas);
  }
  const shape = shapeOf(schema, schemas);
  const types = (Array.isArray(shape.type) ? shape.type : [shape.type]).map(asText).filter((t) => t && t !== "null");
  const type = types[0] ?? "";
  if (type === "array") return `${typeName(shape.items, schemas)}[]`;
  if (type === "object" && shape.additionalProperties)
    return `map<string, ${typeName(shape.additionalProperties, schemas)}>`;
  const format = asText(shape.format);
  return format ? `${type || "string"} (${format})` : type || asText(shape.title) || "object";
}

/** The fields of an object schema, in the document's order; none for anything else. */
export function fieldsOf(schema: unknown, schemas: ApiSchemas): SchemaField[] {
  const shape = shapeOf(schema, schemas);
  return Object.entries(asObject(shape.properties)).map(([name, value]) => {
    const field = shapeOf(value, schemas);
    // The zero value of a proto enum means "not set"; a client never sends it.
    const values = Array.isArray(field.enum) ? field.enum.map(String).filter((v) => !v.endsWith("_UNSPECIFIED")) : [];
    return { name, type: typeName(value, schemas), description: asText(field.description), values };
  });
}

/**
 * An example value of a schema, to start a request body from: every field present with a value of its type (the
 * first of an enum's values), nested objects to a depth of four, lists with one item.
 */
export function exampleOf(schema: unknown, schemas: ApiSchemas, depth = 0): unknown {
  const shape = shapeOf(schema, schemas);
  if (shape.example !== undefined) return shape.example;
  if (Array.isArray(shape.enum) && shape.enum.length > 0)
    return shape.enum.find((v) => !/UNSPECIFIED/.test(String(v))) ?? shape.enum[0];
  const types = (Array.isArray(shape.type) ? shape.type : [shape.type]).map(asText).filter((t) => t && t !== "null");
  const type = types[0] ?? (shape.properties ? "object" : "");
  switch (type) {
    case "object": {
      if (depth >= 4) return {};
      const entries = Object.entries(asObject(shape.properties)).map(([name, value]) => [
        name,
        exampleOf(value, schemas, depth + 1),
      ]);
      return Object.fromEntries(entries);
    }
    case "array":
      return depth >= 4 ? [] : [exampleOf(shape.items, schemas, depth + 1)];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "string":
      return asText(shape.format) === "date-time" ? "2026-01-01T00:00:00Z" : "";
    default:
      return null;
  }
}
