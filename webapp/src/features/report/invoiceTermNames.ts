import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Incoterm, ReasonOfExport } from "../../gen/portal/v1/reports_pb";

/*
 * What the invoice dialogs show for the contract's incoterms and reasons of
 * export. Unspecified is a row that names none (null: shown as a dash); a
 * value added to the proto without a name here fails to compile and fails
 * invoiceTermNames.test.ts.
 */

export const incotermNames: Record<Incoterm, MessageDescriptor | null> = {
  [Incoterm.INCOTERM_UNSPECIFIED]: null,
  [Incoterm.DDP]: msg`DDP (Delivered Duty Paid)`,
  [Incoterm.DAP]: msg`DAP (Delivered at Place)`,
  [Incoterm.DTP]: msg`DTP (Delivered Taxes Paid)`,
};

export const reasonOfExportNames: Record<ReasonOfExport, MessageDescriptor | null> = {
  [ReasonOfExport.REASON_OF_EXPORT_UNSPECIFIED]: null,
  [ReasonOfExport.DOCS]: msg`Documents`,
  [ReasonOfExport.SALE_OF_GOODS_PERMANENT]: msg`Sale of goods (permanent)`,
  [ReasonOfExport.RETURNED_GOODS]: msg`Returned goods`,
  [ReasonOfExport.SAMPLES]: msg`Samples`,
};

/** The choices the invoice dialog offers, unspecified left out. */
export const incoterms = [Incoterm.DDP, Incoterm.DAP, Incoterm.DTP];
export const reasonsOfExport = [
  ReasonOfExport.DOCS,
  ReasonOfExport.SALE_OF_GOODS_PERMANENT,
  ReasonOfExport.RETURNED_GOODS,
  ReasonOfExport.SAMPLES,
];
