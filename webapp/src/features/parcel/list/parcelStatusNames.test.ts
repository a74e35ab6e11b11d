import { describe, it } from "vitest";
import { ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import { expectEveryValueNamed } from "../../../test/enumNames";
import { parcelStatusNames } from "./parcelStatusNames";

describe("parcel status names", () => {
  it("name and translate every status", () => expectEveryValueNamed(ParcelRow_Status, parcelStatusNames));
});
