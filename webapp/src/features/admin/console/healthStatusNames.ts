import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { HealthStatus } from "../../../gen/portal/v1/management_pb";

/**
 * The names people read for a health status (HealthStatus), never the
 * codes monitors read (UP, DOWN). A Record over the generated enum: a value
 * the proto adds fails to compile until it has a name, and the test checks
 * each name in the five catalogs.
 */
export const healthStatusNames: Record<HealthStatus, MessageDescriptor> = {
  [HealthStatus.HEALTH_STATUS_UNSPECIFIED]: msg`Unknown`,
  [HealthStatus.UP]: msg`Working`,
  [HealthStatus.DOWN]: msg`Not working`,
};
