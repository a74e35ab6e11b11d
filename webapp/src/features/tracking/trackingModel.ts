import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { TrackingSearch } from "../../api/tracking";

/**
 * The tracking page's rules that need no screen (spec 3 §4, §5, §9): the six
 * steps of the progress, the status options 0 to 12, the date types, the
 * page sizes, the export limit, and the search the form's fields make.
 */

/** The six steps of the progress bar, in order. */
export const steps = ["ELECNOT", "CHECKIN", "DEPSUB", "ARRDEST", "OUTDELIVCENTER", "DELIVERY"] as const;

export const stepLabels: Record<(typeof steps)[number], MessageDescriptor> = {
  ELECNOT: msg`Announced`,
  CHECKIN: msg`Received`,
  DEPSUB: msg`Departed`,
  ARRDEST: msg`Arrived`,
  OUTDELIVCENTER: msg`Out for delivery`,
  DELIVERY: msg`Delivered`,
};

/** The furthest step whose code appears among the events; 0 without events. */
export function activeStep(codes: readonly string[]): number {
  return codes.reduce((step, code) => Math.max(step, steps.indexOf(code as (typeof steps)[number])), 0);
}

/** The status filter's options 0 to 12: the latest harmonized code. */
export const statuses = [
  "ELECNOT",
  "PRINTLAB",
  "CHECKIN",
  "DEPSUB",
  "ARRDEST",
  "HELDCUSTOMS",
  "OUTDELIVCENTER",
  "DELIVATTEMPT",
  "AWAITPICKUP",
  "DELIVERY",
  "RETURNED",
  "DAMAGED",
  "LOST",
] as const;

export const statusLabels: Record<(typeof statuses)[number], MessageDescriptor> = {
  ELECNOT: msg`Information received`,
  PRINTLAB: msg`Label printed`,
  CHECKIN: msg`Received at the hub`,
  DEPSUB: msg`Departed from the origin country`,
  ARRDEST: msg`Arrived in the destination country`,
  HELDCUSTOMS: msg`Held by customs`,
  OUTDELIVCENTER: msg`Out for delivery`,
  DELIVATTEMPT: msg`Delivery attempted`,
  AWAITPICKUP: msg`Awaiting collection`,
  DELIVERY: msg`Delivered`,
  RETURNED: msg`Returned to the sender`,
  DAMAGED: msg`Damaged`,
  LOST: msg`Lost`,
};

/** The label of a harmonized code, or the code itself. */
export function statusLabel(code: string): MessageDescriptor | null {
  return (statusLabels as Record<string, MessageDescriptor>)[code] ?? null;
}

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
