import { create, ScalarType } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ValidatedShipmentSchema } from "../../../gen/portal/v1/batches_pb";
import { ProductsAndServicesSchema } from "../../../gen/portal/v1/management_pb";
import {
  choicesFor,
  createDisabled,
  emptyForm,
  emptyLine,
  fromDto,
  fromValidation,
  joinOptions,
  joinReturn,
  lineLetter,
  orderLinesViolated,
  splitOptions,
  splitReturn,
  textFields,
  toDto,
  violationsOf,
} from "./parcelForm";
import { CsvShipmentDtoSchema } from "../../../gen/portal/v1/parcels_pb";
import { ApiClient } from "../../../gen/portal/v1/vocabulary_pb";

const catalog = create(ProductsAndServicesSchema, {
  products: [{ code: "EPAQSTD" }, { code: "EPAQPLS" }, { code: "EPAQGO" }],
  services: [{ code: "CUP" }, { code: "CPP" }],
  options: [{ code: "SIGN" }, { code: "INS" }, { code: "SGD" }],
  returnTypes: [{ code: "EPAQRETDOM" }],
});
const codes = (list: { code: string }[]) => list.map((c) => c.code);

describe("the parcel form's rules (spec 2 §5.4)", () => {
  it("offers EPAQGO and SGD to the A1 client only", () => {
    expect(codes(choicesFor(catalog, [], ApiClient.SHIPPING, "", "").products)).toEqual(["EPAQSTD", "EPAQPLS"]);
    expect(codes(choicesFor(catalog, [], ApiClient.SHIPPING, "", "").options)).toEqual(["SIGN", "INS"]);
    expect(codes(choicesFor(catalog, [], ApiClient.A1, "", "").products)).toEqual(["EPAQSTD", "EPAQPLS", "EPAQGO"]);
    expect(codes(choicesFor(catalog, [], ApiClient.A1, "", "").options)).toEqual(["SIGN", "INS", "SGD"]);
  });

  it("keeps to the customer's contract when it has one", () => {
    const features = [
      { product: "EPAQSTD", service: "CUP", options: ["SIGN"] },
      { product: "EPAQPLS", service: "CPP", options: ["SIGN", "INS"] },
    ] as never[];
    const choices = choicesFor(catalog, features, ApiClient.SHIPPING, "EPAQPLS", "CPP");
    expect(codes(choices.products)).toEqual(["EPAQSTD", "EPAQPLS"]);
    expect(codes(choices.services)).toEqual(["CPP"]);
    expect(codes(choices.options)).toEqual(["SIGN", "INS"]);
    expect(codes(choicesFor(catalog, features, ApiClient.SHIPPING, "EPAQSTD", "CUP").options)).toEqual(["SIGN"]);
  });

  it("disables the create button while busy or with neither label", () => {
    expect(createDisabled(false, true, false)).toBe(false);
    expect(createDisabled(false, false, true)).toBe(false);
    expect(createDisabled(false, false, false)).toBe(true);
    expect(createDisabled(true, true, true)).toBe(true);
  });

  it("joins options and the return choice with '|'", () => {
    expect(joinOptions(["SIGN", "INS"])).toBe("SIGN|INS");
    expect(splitOptions("SIGN|INS")).toEqual(["SIGN", "INS"]);
    expect(splitOptions("")).toEqual([]);
    expect(joinReturn("EPAQRETDOM", "RETPP")).toBe("EPAQRETDOM|RETPP");
    expect(joinReturn("", "RETPP")).toBe("");
    expect(splitReturn("EPAQRETDOM|RETPP")).toEqual({ type: "EPAQRETDOM", option: "RETPP" });
    expect(lineLetter(0) + lineLetter(2)).toBe("AC");
  });

  it("prefills the form from the server's validation and reads its violations", () => {
    const values = { ...emptyForm(), name: " Anna ", addAddressToAddressBook: true, orderLines: [emptyLine()] };
    const checked = create(ValidatedShipmentSchema, {
      valid: false,
      fields: {
        name: { value: "Anna" },
        postalcode: { value: "", violations: [{ message: "error.shipment.mandatory" }] },
      },
      orderLines: [{ fields: { quantity: { value: "x", violations: [{ message: "error.shipment.integer" }] } } }],
    });
    const next = fromValidation(values, checked);
    expect(next.name).toBe("Anna");
    expect(next.addAddressToAddressBook).toBe(true);
    expect(next.orderLines[0].quantity).toBe("x");
    const violations = violationsOf(checked);
    expect(Object.keys(violations).sort()).toEqual(["orderLines.0.quantity", "postalcode"]);
    expect(orderLinesViolated(checked)).toBe(true);
    expect(toDto(next)).toMatchObject({ name: "Anna", addAddressToAddressBook: true, orderLines: [{ quantity: "x" }] });
  });

  it("edits CsvShipmentDto's text fields, all of them, so an edit keeps what the form does not show", () => {
    expect(textFields).toEqual(
      CsvShipmentDtoSchema.fields
        .filter((field) => field.fieldKind === "scalar" && field.scalar === ScalarType.STRING)
        .map((field) => field.localName),
    );
    const stored = create(CsvShipmentDtoSchema, {
      name: "Anna",
      senderCode: "S1",
      sellerEori: "DE123456789012345",
      orderLines: [{ quantity: "2" }],
    });
    const dto = toDto(fromDto(stored));
    expect(dto).toMatchObject({ name: "Anna", senderCode: "S1", sellerEori: "DE123456789012345" });
    expect(dto.orderLines).toEqual([expect.objectContaining({ quantity: "2", articleNumber: "" })]);
    // The grid's cell of the same field: ShipmentCells spells its JSON sellerEORI, the form sellerEori.
    const checked = create(ValidatedShipmentSchema, {
      fields: { sellerEori: { value: "DE1", violations: [{ message: "error.shipment.eori" }] } },
    });
    expect(fromValidation(fromDto(stored), checked).sellerEori).toBe("DE1");
    expect(Object.keys(violationsOf(checked))).toEqual(["sellerEori"]);
  });
});
