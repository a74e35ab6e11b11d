/**
 * Label types (spec 2 §3): PDF, Zebra and Zebra300. Zebra reads 'ZPL' and
 * Zebra300 'ZPL (Zebra300)'; only PDF and Zebra can be chosen.
 */
export const labelTypes = ["PDF", "Zebra", "Zebra300"] as const;

export function labelTypeName(type: string): string {
  if (type === "Zebra") return "ZPL";
  if (type === "Zebra300") return "ZPL (Zebra300)";
  return "PDF";
}

export function isSelectable(type: string): boolean {
  return type === "PDF" || type === "Zebra";
}

/**
 * The ZPL printer types: their labels are printed, not downloaded (spec 2 §5.3).
 * "ZPL" is how GetPrinterSettings names a Zebra printer (core/customer LabelTypeShown).
 */
export function isZpl(type: string): boolean {
  return type === "Zebra" || type === "Zebra300" || type === "ZPL";
}

/**
 * The send select starts at the customer's printer type, or the selectable type
 * of its kind: the printer settings' "ZPL" starts it at Zebra.
 */
export function defaultLabelType(printerType: string | undefined): string {
  if (printerType && isSelectable(printerType)) return printerType;
  return printerType && isZpl(printerType) ? "Zebra" : "PDF";
}
