import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ShipmentCellsSchema } from "../gen/portal/v1/batches_pb";
import { invoiceFields, orderLineFields, shipmentCell, shipmentCellEntries, shipmentFields } from "./shipmentCells";

describe("the shipment field list, read from the proto", () => {
  it("is the spec's CSV shipment fields in template order, then the invoice columns", () => {
    // Spec 2 §3, "CSV shipment fields".
    expect(shipmentFields).toEqual(
      (
        "name contact street no street2 street3 postalcode city region isoCountry mobile email referencenumber " +
        "weight senderCode format product service options returnOptions content currency shippingCost sellerEORI " +
        "senderEORI senderTaxId receiverTaxId"
      ).split(" "),
    );
    expect(invoiceFields[0]).toBe("invoiceNumber");
    expect(invoiceFields).toHaveLength(11);
    expect(orderLineFields).toEqual([
      "articleNumber",
      "hstarifnumber",
      "origincountry",
      "description",
      "articleUrl",
      "quantity",
      "weight",
      "value",
    ]);
  });

  it("reads cells by the CSV names, and only the cells a shipment has", () => {
    const cells = create(ShipmentCellsSchema, { sellerEori: { value: "DE1" }, phone: { value: "0301" } });
    expect(shipmentCell(cells, "sellerEORI")?.value).toBe("DE1");
    expect(shipmentCell(cells, "invoiceNumber")).toBeUndefined();
    expect(shipmentCellEntries(cells).map(([name]) => name)).toEqual(["sellerEORI", "phone"]);
  });
});
