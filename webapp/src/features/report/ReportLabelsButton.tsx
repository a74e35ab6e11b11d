import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { DownloadIcon, FileTextIcon } from "@radix-ui/react-icons";
import { Button, Flex } from "@radix-ui/themes";
import { usePrinterSettings } from "../../api/customers";
import { type ReportExport, useReportExport } from "../../api/reports";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { useSession } from "../../auth/session";
import { describeFormFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { saveFile } from "../../files/localFiles";
import type { LabelSelection } from "../../printing/port";
import { PrintProgress } from "../../printing/PrintProgress";
import { loadPrinterPreference, type PrinterPreference } from "../../printing/preferences";
import { usePrintLabels } from "../../printing/usePrintLabels";
import { labelLockMs, useLock } from "../../printing/useLock";
import { isZpl, type LabelType } from "../../shipping/labelTypes";

const exportFailed = msg`The download failed.`;
const downloaded = msg`The file was downloaded.`;

/** The report's label exports (spec 2 §7): of the search's result, or of the chosen shipments. */
export type LabelsExport = ReportExport & ({ kind: "labels" } | { kind: "labelsByIds" });

/**
 * Whether the user prints ZPL labels rather than saving them: the active
 * customer's printer settings name a ZPL type, or the user chose a printer
 * in this browser (spec 2 §5.3).
 */
export function printsZpl(printerType: LabelType | undefined, preference: PrinterPreference | null): boolean {
  return (printerType !== undefined && isZpl(printerType)) || preference !== null;
}

/** Whether an export's file is ZPL text; the server never mixes PDF and ZPL labels (dontMixLabelTypes). */
export function isZplFile(contentType: string): boolean {
  return !contentType.startsWith("application/pdf");
}

/**
 * The report's labels button: the server joins the labels of the result or
 * the selection (one type only, else 'dontMixLabelTypes'); PDF labels are
 * saved, ZPL labels go to the user's chosen printer as one job per batch of
 * labels, with progress, or are saved as a .zpl file for users without a ZPL
 * printer. `labelTypes` are the types the export is known to hold (the
 * chosen rows', or the search's label-type criterion): all ZPL names the
 * button "Print". Locked for 5 s after a click (spec 2 §4.4).
 */
export function ReportLabelsButton({
  request,
  labelTypes,
}: {
  request: LabelsExport;
  labelTypes: readonly LabelType[];
}) {
  const session = useSession();
  const { activeCustomer } = useActiveCustomer();
  const printerType = usePrinterSettings(activeCustomer?.id ?? null).data;
  const exporter = useReportExport();
  const printing = usePrintLabels();
  const [locked, lock] = useLock(labelLockMs);
  const prints = printsZpl(printerType, loadPrinterPreference(session?.login));
  const printName = prints && labelTypes.length > 0 && labelTypes.every(isZpl);
  const selection = request.kind === "labelsByIds";

  // A network printer gets the same labels from the server: the search or the chosen shipments.
  const labelSelection: LabelSelection =
    request.kind === "labelsByIds"
      ? { case: "shipments", value: { ids: request.shipmentIds } }
      : { case: "reportSearch", value: request.pageableFilter };
  const exportText = async () => {
    const file = await exporter.mutateAsync(request);
    return file && isZplFile(file.contentType) ? new TextDecoder().decode(file.data) : "";
  };

  const run = () => {
    lock();
    if (printName) {
      void printing.printLabels({ selection: labelSelection, zpl: exportText });
      return;
    }
    exporter.mutate(request, {
      onSuccess: async (file) => {
        if (!file) return;
        if (isZplFile(file.contentType) && prints) {
          const text = new TextDecoder().decode(file.data);
          await printing.printLabels({ selection: labelSelection, zpl: async () => text });
          return;
        }
        saveFile(file.data, file.contentType, isZplFile(file.contentType) ? "labels.zpl" : "labels.pdf");
        showNotices([{ text: downloaded }], { tone: "info" });
      },
      onError: (error) => {
        const failure = describeFormFailure(error);
        showNotices(failure.messages.length > 0 ? failure.messages : [{ text: exportFailed }]);
      },
    });
  };

  return (
    <Flex gap="2" align="center">
      <Button
        variant="soft"
        disabled={locked || printing.printing}
        loading={exporter.isPending || printing.printing}
        onClick={run}
      >
        {printName ? <FileTextIcon /> : <DownloadIcon />}
        {printName && selection && <Trans>Print labels of the selection</Trans>}
        {printName && !selection && <Trans>Print labels of the result</Trans>}
        {!printName && selection && <Trans>Labels of the selection</Trans>}
        {!printName && !selection && <Trans>Labels of the result</Trans>}
      </Button>
      <PrintProgress progress={printing.progress} />
    </Flex>
  );
}
