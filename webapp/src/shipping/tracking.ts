import { holdsLabel } from "./liveLabel";
import { ApiClient } from "./apiClients";

/**
 * When a shipment's identifier opens tracking (spec 2 §2.2 and §5.4, spec 3
 * §4): always for shipments that came through the aggregator client;
 * otherwise only if tracking is enabled for the active customer and the
 * product is trackable. Pure, so the rule is tested in one place.
 */

/**
 * The aggregator's API client. The spec names the clients SHIPPING, A1 "and
 * the aggregator client" without spelling the last; the customer's only
 * aggregator credential is its ShippyPro API key, so that is the aggregator.
 */
export const aggregatorApiClient = ApiClient.SHIPPYPRO;

/**
 * Products whose parcels can be followed (spec 3 §4: only EPAQPLS and
 * EPAQSCT); e-PAQ Standard (EPAQSTD) and the rest are untracked.
 */
export const trackableProducts: ReadonlySet<string> = new Set(["EPAQPLS", "EPAQSCT"]);

/**
 * What the rule needs of the active customer: whether tracking is enabled,
 * which the server decides (a tracking user name or a fulltrack access key,
 * which only the server sees).
 */
export type TrackingCustomer = { trackingEnabled: boolean };

/** What the rule needs of a shipment. */
export type TrackedShipment = {
  identifier: string;
  apiClient?: ApiClient | undefined;
  product: string;
  success: boolean;
  cancelled: boolean;
};

export function trackingEnabled(customer: TrackingCustomer | null | undefined): boolean {
  return customer?.trackingEnabled === true;
}

export function isTrackable(product: string): boolean {
  return trackableProducts.has(product.trim().toUpperCase());
}

/**
 * Whether the shipment's identifier links to tracking for this customer.
 * Only a live label is tracked: a cancelled one (also every label of a
 * deleted batch, cancelled by its delete) travels nowhere.
 */
export function opensTracking(shipment: TrackedShipment, customer: TrackingCustomer | null | undefined): boolean {
  if (!holdsLabel(shipment) || shipment.identifier.trim() === "") return false;
  if (shipment.apiClient === aggregatorApiClient) return true;
  return trackingEnabled(customer) && isTrackable(shipment.product);
}

/** The tracking page for one identifier. */
export function trackingPath(identifier: string): string {
  return `/tracking?${new URLSearchParams({ trackingNumber: identifier })}`;
}
