import { describe, expect, it } from "vitest";
import type { ApiOperation } from "./openApi";
import { exampleOf, fieldsOf, typeName } from "./schemas";
import { requestOf } from "./tryCall";

const schemas = {
  "portal.v1.Batch": {
    type: "object",
    properties: {
      id: { type: "string", format: "int64", description: "Batch id." },
      status: { type: "string", enum: ["STATUS_UNSPECIFIED", "SENT", "FAILED"] },
      createdAt: { type: ["string", "null"], format: "date-time" },
      customer: { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/portal.v1.BatchRef" }] },
      tags: { type: "array", items: { type: "string" } },
      self: { $ref: "#/components/schemas/portal.v1.Batch" },
    },
  },
  "portal.v1.BatchRef": { type: "object", properties: { id: { type: "integer" }, open: { type: "boolean" } } },
};

describe("the reference's schemas", () => {
  it("lists a schema's fields with their types and closed values", () => {
    expect(fieldsOf({ $ref: "#/components/schemas/portal.v1.Batch" }, schemas)).toEqual([
      { name: "id", type: "string (int64)", description: "Batch id.", values: [] },
      { name: "status", type: "string", description: "", values: ["SENT", "FAILED"] },
      { name: "createdAt", type: "string (date-time)", description: "", values: [] },
      { name: "customer", type: "BatchRef", description: "", values: [] },
      { name: "tags", type: "string[]", description: "", values: [] },
      { name: "self", type: "Batch", description: "", values: [] },
    ]);
    expect(typeName({ type: "array", items: { $ref: "#/components/schemas/portal.v1.BatchRef" } }, schemas)).toBe(
      "BatchRef[]",
    );
  });

  it("makes an example body: a value of each field's type, a named value for a closed set, a self-reference cut", () => {
    const example = exampleOf({ $ref: "#/components/schemas/portal.v1.Batch" }, schemas) as Record<string, unknown>;
    expect(example).toMatchObject({
      id: "",
      status: "SENT",
      createdAt: "2026-01-01T00:00:00Z",
      customer: { id: 0, open: false },
      tags: [""],
    });
    let depth = 0;
    for (let at: unknown = example; at && typeof at === "object" && "self" in at; at = (at as { self: unknown }).self)
      depth++;
    expect(depth).toBeLessThanOrEqual(4);
  });
});

describe("requestOf", () => {
  const operation: ApiOperation = {
    method: "POST",
    path: "/web/api/batches/{id}/send",
    summary: "SendBatch",
    description: "",
    parameters: [
      { name: "id", in: "path", required: true, type: "string", description: "" },
      { name: "labelType", in: "query", required: false, type: "string", description: "" },
    ],
    requestBody: "portal.v1.SendBatchRequest",
    bodySchema: null,
    responses: [],
    anonymous: false,
  };

  it("fills the path, leaves out empty query parameters and sends the body", () => {
    expect(requestOf(operation, { id: "7/8" }, '{"a":1}')).toEqual({
      url: "/web/api/batches/7%2F8/send",
      method: "POST",
      body: '{"a":1}',
    });
    expect(requestOf(operation, { id: "7", labelType: "PDF" }, "").url).toBe("/web/api/batches/7/send?labelType=PDF");
    expect(requestOf({ ...operation, method: "GET" }, { id: "7" }, "{}").body).toBeNull();
  });
});
