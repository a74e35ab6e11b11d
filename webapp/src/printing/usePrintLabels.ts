import { useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { usePrinterClient } from "../api/printers";
import { useActiveCustomer } from "../auth/activeCustomer";
import { useSession } from "../auth/session";
import { showNotices } from "../errors/notices";
import { browserPrintPort } from "./browserPrint";
import {
  labelPrinted,
  labelPrintingConnectionFailed,
  labelPrintingFailed,
  preferredPrinterNotAvailable,
} from "./messages";
import { networkPrinterPort } from "./networkPrinters";
import { type PrinterInfo, type PrintPort, PrintingError } from "./port";
import { loadPrinterPreference, type PrinterPreference, zplLabelType } from "./preferences";
import { qzTrayPort } from "./qzTray";
import { jobsOf, splitLabels } from "./zpl";

/** How far a print is: labels sent of all. */
export type PrintProgressState = { done: number; total: number };

/** The port a preference prints through. */
export function portFor(
  preference: Pick<PrinterPreference, "agent" | "agentUrl">,
  client: ReturnType<typeof usePrinterClient>,
  customerId: bigint | null,
): PrintPort {
  switch (preference.agent) {
    case "qzTray":
      return qzTrayPort({
        certificate: async () => (await client.getQzCertificate({})).certificate,
        sign: async (request) => (await client.signQzRequest({ request })).signature,
      });
    case "network":
      return networkPrinterPort(client, customerId ?? 0n);
    default:
      return browserPrintPort(preference.agentUrl || undefined);
  }
}

/**
 * Sends ZPL labels to the printer the user saved in the printer settings
 * (spec 2 §4.5, §5.3, §8): through Zebra Browser Print, QZ Tray or the
 * server's network printers. Many labels go as one job per batch of labels,
 * with progress. The outcome is told as a notice: 'labelPrinted',
 * 'labelPrintingConnectionFailed', 'labelPrintingFailed' or 'preferred
 * printer not available'. Any page that prints calls this hook with the
 * label text; `labelType` is the type the chosen printer prints (Zebra, or
 * Zebra300 for a 300 dpi printer), for pages that ask the carrier for labels.
 */
export function usePrintLabels() {
  const { t } = useLingui();
  const session = useSession();
  const { activeCustomer } = useActiveCustomer();
  const client = usePrinterClient();
  const [progress, setProgress] = useState<PrintProgressState | null>(null);
  const preference = loadPrinterPreference(session?.login);
  const customerId = activeCustomer?.id ?? null;

  const printLabels = useCallback(
    async (zpl: string): Promise<boolean> => {
      const chosen = loadPrinterPreference(session?.login);
      const port = portFor(chosen ?? { agent: "browserPrint" }, client, customerId);
      const labels = splitLabels(zpl);
      if (labels.length === 0) {
        showNotices([{ text: labelPrintingFailed }]);
        return false;
      }
      const jobs = jobsOf(labels);
      setProgress({ done: 0, total: labels.length });
      try {
        const printers = await port.listPrinters();
        const fallback = chosen?.printer ? null : ((await port.defaultPrinter?.()) ?? null);
        const printer = choose(printers, chosen, fallback);
        if (!printer) {
          showNotices([{ text: preferredPrinterNotAvailable(nameOf(chosen) || t`the default printer`) }]);
          return false;
        }
        let done = 0;
        for (const job of jobs) {
          await port.print(printer, job);
          done += splitLabels(job).length;
          setProgress({ done, total: labels.length });
        }
        showNotices([{ text: labelPrinted }], { tone: "info" });
        return true;
      } catch (error) {
        const reason = error instanceof PrintingError ? error.reason : "failed";
        if (reason === "printerMissing") {
          showNotices([{ text: preferredPrinterNotAvailable(nameOf(chosen)) }]);
        } else {
          showNotices([{ text: reason === "connection" ? labelPrintingConnectionFailed : labelPrintingFailed }]);
        }
        return false;
      } finally {
        setProgress(null);
      }
    },
    [client, customerId, session?.login, t],
  );

  return {
    printLabels,
    progress,
    printing: progress !== null,
    labelType: zplLabelType(preference?.dpi),
  };
}

/** How the saved printer is named to the user: a network printer's name, not its id. */
function nameOf(preference: PrinterPreference | null): string {
  return preference?.printerName || preference?.printer || "";
}

/**
 * The saved printer among the listed ones; without a saved one, the agent's
 * default printer, else the first it lists.
 */
function choose(
  printers: PrinterInfo[],
  preference: PrinterPreference | null,
  fallback: PrinterInfo | null,
): PrinterInfo | undefined {
  if (!preference?.printer) return printers.find((p) => p.id === fallback?.id) ?? printers[0];
  return printers.find((p) => p.id === preference.printer);
}
