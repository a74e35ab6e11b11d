import { describe, it } from "vitest";
import { ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import { expectEveryValueNamed, locales } from "../../../test/enumNames";
import { parcelStatusNames } from "./parcelStatusNames";

describe("parcel status names", () => {
  it.each(locales)("name every status in %s, never by its code", (locale) => {
    expectEveryValueNamed(locale, ParcelRow_Status, parcelStatusNames);
  });
});
