import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { TrackingSearch } from "../../api/tracking";

/**
 * The tracking page's rules that need no screen (spec 3 §4, §5, §9): the date
 * types, the page sizes, the export limit, and the search the form's fields
 * make. The steps of the progress and the status options 0 to 12 are shared
 * (shipping/trackingSteps), as the tracking details are shown elsewhere too.
 */

export { activeStep, statusLabel, statuses, statusLabels, stepLabels, steps } from "../../shipping/trackingSteps";

export const dateTypes = ["shipment_date", "date_shipped", "delivery_date"] as const;
export type DateType = (typeof dateTypes)[number];

export const dateTypeLabels: Record<DateType, MessageDescriptor> = {
  shipment_date: msg`Shipment date`,
  date_shipped: msg`Date shipped`,
  delivery_date: msg`Delivery date`,
};

export const trackingPageSizes = [10, 25, 50] as const;
export const defaultPageSize = 50;
export const exportLimit = 5000;

/** Export is offered for 1 to 5000 parcels (spec 3 §5). */
export function canExport(total: number): boolean {
  return total > 0 && total <= exportLimit;
}

/** The search form's fields. */
export type TrackingForm = {
  ids: string;
  dateType: DateType;
  from: string;
  to: string;
  productCode: string;
  status: string;
  destination: string;
  origin: string;
  recipientName: string;
  customers: string[];
};

export const emptyForm: TrackingForm = {
  ids: "",
  dateType: "shipment_date",
  from: "",
  to: "",
  productCode: "",
  status: "",
  destination: "",
  origin: "",
  recipientName: "",
  customers: [],
};

export type TrackingOrder = { field: string; direction: "asc" | "desc" };
export const defaultOrder: TrackingOrder = { field: "shipment_date", direction: "desc" };

/** The ids a user typed: split at blanks, commas and semicolons. */
export function splitIds(ids: string): string[] {
  return ids.split(/[\s,;]+/).filter((id) => id !== "");
}

/** The server's search for the form, the order and the page. */
export function searchOf(form: TrackingForm, order: TrackingOrder, page: number, size: number): TrackingSearch {
  const range = form.from || form.to ? { startDate: form.from, endDate: form.to } : undefined;
  return {
    searchCriteria: {
      ids: splitIds(form.ids),
      shipmentDate: form.dateType === "shipment_date" ? range : undefined,
      dateShipped: form.dateType === "date_shipped" ? range : undefined,
      deliveryDate: form.dateType === "delivery_date" ? range : undefined,
      productCode: form.productCode,
      status: form.status === "" ? undefined : Number(form.status),
      destination: form.destination.trim().toUpperCase(),
      origin: form.origin.trim().toUpperCase(),
      recipientName: form.recipientName.trim(),
      customer: form.customers,
    },
    meta: { sortField: order.field, sortOrder: order.direction, pageSize: size, pageNo: page },
  };
}

/** The date range is in order (or open at one end). */
export function rangeInOrder(form: TrackingForm): boolean {
  return form.from === "" || form.to === "" || form.from <= form.to;
}
