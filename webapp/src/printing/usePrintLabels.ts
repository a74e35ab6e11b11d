import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { usePrinterClient } from "../api/printers";
import { useActiveCustomer } from "../auth/activeCustomer";
import { useSession } from "../auth/session";
import { showNotices } from "../errors/notices";
import { isKnownMessageKey } from "../errors/serverMessages";
import { browserPrintPort } from "./browserPrint";
import {
  labelPrinted,
  agentAddressNotLocal,
  labelPrintingConnectionFailed,
  labelPrintingFailed,
  preferredPrinterNotAvailable,
} from "./messages";
import { networkPrinterPort } from "./networkPrinters";
import { type AgentPort, type Printable, type PrinterInfo, type PrintPort, PrintingError } from "./port";
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
 * Prints labels on the printer the user saved in the printer settings
 * (spec 2 §4.5, §5.3, §8): through Zebra Browser Print or QZ Tray, which get
 * the labels' ZPL as one job per batch of labels, with progress; or through
 * the server's network printers, which get the stored labels the page names.
 * The outcome is told as a notice: 'labelPrinted',
 * 'labelPrintingConnectionFailed', 'labelPrintingFailed' (or the server's
 * reason) or 'preferred printer not available'. Any page that prints calls
 * this hook with its Printable; `labelType` is the type the chosen printer
 * prints (Zebra, or Zebra300 for a 300 dpi printer), for pages that ask the
 * carrier for labels.
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
    async (labels: Printable): Promise<boolean> => {
      const chosen = loadPrinterPreference(session?.login);
      const port = portFor(chosen ?? { agent: "browserPrint" }, client, customerId);
      setProgress({ done: 0, total: 0 });
      try {
        const printers = await port.listPrinters();
        const fallback = chosen?.printer ? null : ((await port.defaultPrinter?.()) ?? null);
        const printer = choose(printers, chosen, fallback);
        if (!printer) {
          showNotices([{ text: preferredPrinterNotAvailable(nameOf(chosen) || t`the default printer`) }]);
          return false;
        }
        if (port.kind === "network") {
          const sent = await port.printStored(printer, labels.selection);
          setProgress({ done: sent, total: sent });
        } else if (!(await printJobs(port, printer, await labels.zpl(), setProgress))) {
          showNotices([{ text: labelPrintingFailed }]);
          return false;
        }
        showNotices([{ text: labelPrinted }], { tone: "info" });
        return true;
      } catch (error) {
        showNotices([{ text: failureText(error, chosen) }]);
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

/** Sends ZPL to an agent as jobs of a batch of labels each, with progress; false when it holds no label. */
async function printJobs(
  port: AgentPort,
  printer: PrinterInfo,
  zpl: string,
  setProgress: (progress: PrintProgressState) => void,
): Promise<boolean> {
  const labels = splitLabels(zpl);
  if (labels.length === 0) return false;
  setProgress({ done: 0, total: labels.length });
  let done = 0;
  for (const job of jobsOf(labels)) {
    await port.print(printer, job);
    done += splitLabels(job).length;
    setProgress({ done, total: labels.length });
  }
  return true;
}

/** What the user reads of a failed print: the reason the server named, else the kind of failure. */
function failureText(error: unknown, chosen: PrinterPreference | null): MessageDescriptor {
  const reason = error instanceof PrintingError ? error.reason : "failed";
  if (reason === "printerMissing") return preferredPrinterNotAvailable(nameOf(chosen));
  if (reason === "connection") return labelPrintingConnectionFailed;
  if (reason === "agentAddress") return agentAddressNotLocal;
  const key = error instanceof PrintingError ? error.messageKey : undefined;
  return key && isKnownMessageKey(key) ? { id: key } : labelPrintingFailed;
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
