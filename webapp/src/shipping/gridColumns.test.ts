import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ValidatedShipmentSchema } from "../gen/portal/v1/batches_pb";
import { columnOf, gridColumns, rowWithEdit, shipmentFields } from "./gridColumns";

const row = (fields: Record<string, string>, orderLines: Record<string, string>[] = []) =>
  create(ValidatedShipmentSchema, {
    id: 1n,
    position: 1,
    fields: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { value }])),
    orderLines: orderLines.map((line) => ({
      fields: Object.fromEntries(Object.entries(line).map(([name, value]) => [name, { value }])),
    })),
  });

describe("grid columns (spec 2 §2.1, §3)", () => {
  it("has the shipment fields, then as many order-line groups as the longest row needs", () => {
    const ids = gridColumns([row({ name: "A" }, [{ articleNumber: "1" }]), row({}, [{}, { value: "2" }])]).map(
      (column) => column.id,
    );
    expect(ids.slice(0, shipmentFields.length)).toEqual([...shipmentFields]);
    expect(ids.slice(shipmentFields.length)).toEqual([
      "articleNumber1",
      "hstarifnumber1",
      "origincountry1",
      "description1",
      "articleUrl1",
      "quantity1",
      "weight1",
      "value1",
      "articleNumber2",
      "hstarifnumber2",
      "origincountry2",
      "description2",
      "articleUrl2",
      "quantity2",
      "weight2",
      "value2",
    ]);
  });

  it("shows the invoice columns only when a row has an invoice number", () => {
    expect(gridColumns([row({ invoiceNumber: " " })]).some((c) => c.id === "incoterm")).toBe(false);
    const withInvoice = gridColumns([row({}), row({ invoiceNumber: "INV-1" })]).map((c) => c.id);
    expect(withInvoice).toContain("invoiceNumber");
    expect(withInvoice).toContain("declarationStatement");
  });

  it("reads column ids back, street2 being a field and weight2 an order line", () => {
    expect(columnOf("street2")).toEqual({ id: "street2", field: "street2", line: null });
    expect(columnOf("weight2")).toEqual({ id: "weight2", field: "weight", line: 1 });
    expect(columnOf("weight")).toEqual({ id: "weight", field: "weight", line: null });
  });
});

describe("the row a cell edit sends", () => {
  it("carries every field and order line, with the one value changed", () => {
    const values = rowWithEdit(
      row({ name: "Anna", city: "Berlni" }, [{ articleNumber: "A1" }]),
      columnOf("city"),
      "Berlin",
    );
    expect(values.fields).toMatchObject({ name: "Anna", city: "Berlin", street: "", sellerEori: "" });
    expect(Object.keys(values.fields ?? {})).toHaveLength(shipmentFields.length);
    expect(values.orderLines).toEqual([{ fields: { articleNumber: "A1" } }]);
  });

  it("edits a column by its CSV name, sellerEORI being the proto's sellerEori", () => {
    const values = rowWithEdit(row({ name: "Anna" }), columnOf("sellerEORI"), "DE1");
    expect(values.fields?.sellerEori).toBe("DE1");
  });

  it("adds the order lines up to the edited one", () => {
    const values = rowWithEdit(row({ name: "Anna" }), columnOf("quantity2"), "3");
    expect(values.orderLines).toHaveLength(2);
    expect(values.orderLines?.[0].fields?.articleNumber).toBe("");
    expect(values.orderLines?.[1].fields?.quantity).toBe("3");
  });
});
