import { describe, it } from "vitest";
import { ParcelManifestFilter_Value, ParcelSourceFilter_Value } from "../../../gen/portal/v1/vocabulary_pb";
import { expectEveryValueNamed } from "../../../test/enumNames";
import { manifestFilterNames, sourceFilterNames } from "./parcelRows";

describe("the parcel list's filter names", () => {
  it("names and translates every manifest filter", () =>
    expectEveryValueNamed(ParcelManifestFilter_Value, manifestFilterNames));
  it("names and translates every source filter", () =>
    expectEveryValueNamed(ParcelSourceFilter_Value, sourceFilterNames));
});
