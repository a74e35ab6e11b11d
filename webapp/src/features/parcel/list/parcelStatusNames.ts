import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";

/**
 * The names people read for a parcel's statuses (ParcelRow.Status), never the codes (MANIFEST_CREATED). The
 * table is a Record over the generated enum, so a status the protos add fails
 * to compile until it has a name; shipping/statusNames.test.ts checks every
 * name in the five catalogs.
 */
export const parcelStatusNames: Record<ParcelRow_Status, MessageDescriptor> = {
  [ParcelRow_Status.STATUS_UNSPECIFIED]: msg`Not labelled`,
  [ParcelRow_Status.PENDING]: msg`Label requested`,
  [ParcelRow_Status.SUBMITTING]: msg`Labelling`,
  [ParcelRow_Status.DONE]: msg`Labelled`,
  [ParcelRow_Status.FAILED]: msg`Label failed`,
  [ParcelRow_Status.CANCELLED]: msg`Label cancelled`,
  [ParcelRow_Status.CREATING_MANIFEST]: msg`Creating manifest`,
  [ParcelRow_Status.MANIFEST_CREATED]: msg`Manifest created`,
  [ParcelRow_Status.ERROR_MANIFEST]: msg`Manifest failed`,
};
