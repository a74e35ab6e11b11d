import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ParcelRow, ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import type { TrackedShipment } from "../../../shipping/tracking";

/** The state column's content: the manifest batch it links to, or the label's state. */
export type RowState = { kind: "manifest"; batchId: bigint; created: boolean } | { kind: "label" };

export function rowState(parcel: ParcelRow): RowState {
  if (parcel.csvShipmentId !== 0n) {
    return {
      kind: "manifest",
      batchId: parcel.csvShipmentId,
      created: parcel.status === ParcelRow_Status.MANIFEST_CREATED,
    };
  }
  return { kind: "label" };
}

const filterLabels = {
  ALL: msg`All`,
  MANIFESTED: msg`Manifested`,
  NOT_MANIFESTED: msg`Not manifested`,
  INDIVIDUAL_PARCEL: msg`Individual parcel`,
  API_PARCEL: msg`API parcel`,
} as const;

/** A filter value as the select shows it; API clients keep their names. */
export function filterLabel(i18n: I18n, value: string): string {
  return value in filterLabels ? i18n._(filterLabels[value as keyof typeof filterLabels]) : value;
}

/**
 * A parcel as the tracking-link rule (shipping/tracking `opensTracking`)
 * sees it: its identifier is the live label's parcel number.
 */
export function trackedParcel(parcel: ParcelRow): TrackedShipment {
  return {
    identifier: parcel.sequenceNumber,
    apiClient: parcel.apiClient,
    product: parcel.product,
    success: parcel.hasLabel,
    cancelled: false,
  };
}
