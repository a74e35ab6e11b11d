import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ParcelRow, ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import type { TrackedShipment } from "../../../shipping/tracking";
import { ParcelManifestFilter, ParcelSourceFilter } from "../../../api/parcels";
import { ApiClient, apiClientName } from "../../../shipping/apiClients";

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

/** The name of every manifest filter; vocabulary.test.ts fails when one has none. */
export const manifestFilterNames: Record<
  Exclude<ParcelManifestFilter, ParcelManifestFilter.MANIFEST_FILTER_UNSPECIFIED>,
  MessageDescriptor
> = {
  [ParcelManifestFilter.ALL]: msg`All`,
  [ParcelManifestFilter.MANIFESTED]: msg`Manifested`,
  [ParcelManifestFilter.NOT_MANIFESTED]: msg`Not manifested`,
};

/** The name of every source filter; vocabulary.test.ts fails when one has none. */
export const sourceFilterNames: Record<
  Exclude<ParcelSourceFilter, ParcelSourceFilter.SOURCE_FILTER_UNSPECIFIED>,
  MessageDescriptor
> = {
  [ParcelSourceFilter.ALL]: msg`All`,
  [ParcelSourceFilter.INDIVIDUAL_PARCEL]: msg`Individual parcel`,
  [ParcelSourceFilter.API_PARCEL]: msg`API parcel`,
};

export function manifestFilterLabel(i18n: I18n, value: ParcelManifestFilter): string {
  return value === ParcelManifestFilter.MANIFEST_FILTER_UNSPECIFIED ? "" : i18n._(manifestFilterNames[value]);
}

export function sourceFilterLabel(i18n: I18n, value: ParcelSourceFilter): string {
  return value === ParcelSourceFilter.SOURCE_FILTER_UNSPECIFIED ? "" : i18n._(sourceFilterNames[value]);
}

/** The API-client filter's entries: every client, API_CLIENT_UNSPECIFIED standing for all. */
export function apiClientFilterLabel(i18n: I18n, value: ApiClient): string {
  return value === ApiClient.API_CLIENT_UNSPECIFIED ? i18n._(msg`All`) : apiClientName(i18n, value);
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
