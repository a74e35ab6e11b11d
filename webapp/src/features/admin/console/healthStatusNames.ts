import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { HealthStatus_Value } from "../../../gen/portal/v1/management_pb";

/**
 * The names people read for a health status (HealthStatus.Value), never the
 * codes monitors read (UP, DOWN). A Record over the generated enum: a value
 * the proto adds fails to compile until it has a name, and the test checks
 * each name in the five catalogs.
 */
export const healthStatusNames: Record<HealthStatus_Value, MessageDescriptor> = {
  [HealthStatus_Value.HEALTH_STATUS_UNSPECIFIED]: msg`Unknown`,
  [HealthStatus_Value.UP]: msg`Working`,
  [HealthStatus_Value.DOWN]: msg`Not working`,
};
