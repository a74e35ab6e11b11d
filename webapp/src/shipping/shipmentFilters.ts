import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { enumValueOf } from "../api/enums";
import { ShipmentFilter_Value as ShipmentFilter } from "../gen/portal/v1/vocabulary_pb";

/** The shipment filters of spec 2 §9, in the order the filter control shows them. */
export const shipmentFilters: ShipmentFilter[] = [ShipmentFilter.ALL, ShipmentFilter.CHANGED, ShipmentFilter.ERROR];

/** The name of every filter; vocabulary.test.ts fails when one has none. */
export const shipmentFilterNames: Record<
  Exclude<ShipmentFilter, ShipmentFilter.SHIPMENT_FILTER_UNSPECIFIED>,
  MessageDescriptor
> = {
  [ShipmentFilter.ALL]: msg`All`,
  [ShipmentFilter.CHANGED]: msg`Changed`,
  [ShipmentFilter.ERROR]: msg`Error`,
};

/**
 * A filter's name as the filter control shows it, also where a server
 * message names a filter (error.batch.nothingToResend, whose parameter is
 * the filter's JSON name); a filter the screens do not know stays as it came.
 */
export function filterName(i18n: I18n, filter: ShipmentFilter | string): string {
  const value = typeof filter === "number" ? filter : enumValueOf(ShipmentFilter, filter);
  return value ? i18n._(shipmentFilterNames[value]) : String(filter);
}
