import { Trans, useLingui } from "@lingui/react/macro";
import { DataList, Text } from "@radix-ui/themes";
import { Incoterm, ReasonOfExport, type ReportRow } from "../../gen/portal/v1/reports_pb";
import { fieldLabel } from "../../shipping/fieldLabels";
import { type TextKeys, textFieldsOf } from "../../shipping/textFields";
import { type ReportInvoiceData, ReportInvoiceDataSchema } from "../../gen/portal/v1/report_details_pb";
import { ReportDetailsDialog, rowName } from "./ReportDetailsDialog";
import { incotermNames, reasonOfExportNames } from "./invoiceTermNames";

/**
 * The invoice columns (spec 2 §3) in the proto's order, as ReportInvoiceData
 * names them: core/shipment's names, which the grid's columns and the CSV
 * header repeat (a test in adapters/rpc holds them alike). All are text but
 * the incoterm and the reason of export, which show their names.
 */
const invoiceFields: readonly string[] = ReportInvoiceDataSchema.fields.map((field) => field.jsonName);
type InvoiceText = TextKeys<ReportInvoiceData>;
const invoiceTexts: readonly InvoiceText[] = textFieldsOf(ReportInvoiceDataSchema);
const isText = (field: string): field is InvoiceText => (invoiceTexts as readonly string[]).includes(field);

/** The invoice data of a report row (spec 2 §2.4, §3 invoice columns): what its row was entered with. */
export function InvoiceDataDialog({ row, onClose }: { row: ReportRow; onClose: () => void }) {
  const { i18n } = useLingui();
  const name = rowName(row);
  const valueOf = (invoice: ReportInvoiceData | undefined, field: string) => {
    if (!invoice) return "–";
    const named =
      field === "incoterm"
        ? incotermNames[invoice.incoterm ?? Incoterm.INCOTERM_UNSPECIFIED]
        : field === "reasonOfExport"
          ? reasonOfExportNames[invoice.reasonOfExport ?? ReasonOfExport.REASON_OF_EXPORT_UNSPECIFIED]
          : undefined;
    if (named !== undefined) return named ? i18n._(named) : "–";
    return (isText(field) && invoice[field]) || "–";
  };
  return (
    <ReportDetailsDialog row={row} title={<Trans>Invoice data of {name}</Trans>} onClose={onClose}>
      {(details) =>
        details.invoice?.invoiceNumber ? (
          <DataList.Root>
            {invoiceFields.map((field) => (
              <DataList.Item key={field}>
                <DataList.Label>{fieldLabel(i18n, field)}</DataList.Label>
                <DataList.Value>{valueOf(details.invoice, field)}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : (
          <Text size="2" color="gray">
            <Trans>The shipment has no invoice data.</Trans>
          </Text>
        )
      }
    </ReportDetailsDialog>
  );
}
