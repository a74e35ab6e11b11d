import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { enumNameOf, enumValueOf } from "../api/enums";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";

export { LabelType };

/**
 * Label types (spec 2 §3): PDF, Zebra and Zebra300. Zebra reads 'ZPL' and
 * Zebra300 'ZPL (Zebra300)'; only PDF and Zebra can be chosen.
 */
export const labelTypes: LabelType[] = [LabelType.PDF, LabelType.Zebra, LabelType.Zebra300];

/** The name of every label type; vocabulary.test.ts fails when one has none. */
export const labelTypeNames: Record<Exclude<LabelType, LabelType.LABEL_TYPE_UNSPECIFIED>, MessageDescriptor> = {
  [LabelType.PDF]: msg({ message: "PDF", comment: "The label file format" }),
  [LabelType.Zebra]: msg({ message: "ZPL", comment: "The label format of Zebra printers" }),
  [LabelType.Zebra300]: msg({ message: "ZPL (Zebra300)", comment: "ZPL for a 300 dpi Zebra printer" }),
  [LabelType.ZPL]: msg({ message: "ZPL", comment: "The label format of Zebra printers" }),
};

/** How a label type reads; a type not given reads as PDF, the default. */
export function labelTypeName(i18n: I18n, type: LabelType | undefined): string {
  return i18n._(labelTypeNames[type === undefined || type === LabelType.LABEL_TYPE_UNSPECIFIED ? LabelType.PDF : type]);
}

/** The label type a name (as the report search's JSON or a select carries it) stands for. */
export function labelTypeOf(name: string | null | undefined): LabelType | undefined {
  return enumValueOf(LabelType, name);
}

/** A label type's name as the contract spells it: PDF, Zebra, Zebra300 or ZPL. */
export function labelTypeKey(type: LabelType): string {
  return enumNameOf(LabelType, type);
}

export function isSelectable(type: LabelType): boolean {
  return type === LabelType.PDF || type === LabelType.Zebra;
}

/**
 * The ZPL printer types: their labels are printed, not downloaded (spec 2 §5.3).
 * ZPL is how GetPrinterSettings names a Zebra printer (core/customer LabelTypeShown).
 */
export function isZpl(type: LabelType | undefined): boolean {
  return type === LabelType.Zebra || type === LabelType.Zebra300 || type === LabelType.ZPL;
}

/**
 * The send select starts at the customer's printer type, or the selectable type
 * of its kind: the printer settings' ZPL starts it at Zebra.
 */
export function defaultLabelType(printerType: LabelType | undefined): LabelType {
  if (printerType !== undefined && isSelectable(printerType)) return printerType;
  return printerType !== undefined && isZpl(printerType) ? LabelType.Zebra : LabelType.PDF;
}
