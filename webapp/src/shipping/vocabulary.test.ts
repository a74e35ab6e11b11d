import { describe, it } from "vitest";
import { ApiClient, LabelType, ManifestType, ShipmentFilter_Value } from "../gen/portal/v1/vocabulary_pb";
import { expectEveryValueNamed } from "../test/enumNames";
import { apiClientNames } from "./apiClients";
import { labelTypeNames } from "./labelTypes";
import { manifestTypeNames } from "./manifestTypes";
import { shipmentFilterNames } from "./shipmentFilters";

describe("the shipping vocabulary's names", () => {
  it("names and translates every label type", () => expectEveryValueNamed(LabelType, labelTypeNames));
  it("names and translates every API client", () => expectEveryValueNamed(ApiClient, apiClientNames));
  it("names and translates every manifest type", () => expectEveryValueNamed(ManifestType, manifestTypeNames));
  it("names and translates every shipment filter", () =>
    expectEveryValueNamed(ShipmentFilter_Value, shipmentFilterNames));
});
