import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ShipmentFilter } from "../api/batches";

/** The shipment filters of spec 2 §9, in the order the filter control shows them. */
export const shipmentFilters: ShipmentFilter[] = ["ALL", "CHANGED", "ERROR"];

const filterNames: Record<ShipmentFilter, MessageDescriptor> = {
  ALL: msg`All`,
  CHANGED: msg`Changed`,
  ERROR: msg`Error`,
};

/**
 * A filter's name as the filter control shows it, also where a server
 * message names a filter (error.batch.nothingToResend); a filter the
 * screens do not know stays as it came.
 */
export function filterName(i18n: I18n, filter: string): string {
  const name = (filterNames as Record<string, MessageDescriptor | undefined>)[filter];
  return name ? i18n._(name) : filter;
}
