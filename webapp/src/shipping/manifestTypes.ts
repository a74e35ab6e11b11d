import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ManifestType } from "../gen/portal/v1/vocabulary_pb";

export { ManifestType };

/** The manifest types of spec 2 §4.8, as screens name them; vocabulary.test.ts fails when one has none. */
export const manifestTypeNames: Record<
  Exclude<ManifestType, ManifestType.MANIFEST_TYPE_UNSPECIFIED>,
  MessageDescriptor
> = {
  [ManifestType.MANIFEST_TO_CARIER]: msg`Manifest to carrier (default set)`,
  [ManifestType.MANIFEST_MB_PLUS]: msg`MB Plus`,
  [ManifestType.MANIFEST_CARRIER_DIRECT]: msg`Direct to the destination's carrier`,
};

/** How a manifest type reads; "" when none is named. */
export function manifestTypeName(i18n: I18n, type: ManifestType): string {
  return type === ManifestType.MANIFEST_TYPE_UNSPECIFIED ? "" : i18n._(manifestTypeNames[type]);
}
