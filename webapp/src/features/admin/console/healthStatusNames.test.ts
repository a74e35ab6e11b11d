import { describe, it } from "vitest";
import { HealthStatus_Value } from "../../../gen/portal/v1/management_pb";
import { expectEveryValueNamed } from "../../../test/enumNames";
import { healthStatusNames } from "./healthStatusNames";

describe("health status names", () => {
  it("name and translate every status", () => expectEveryValueNamed(HealthStatus_Value, healthStatusNames));
});
