import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** Spec 2 §8: a ZPL print succeeded. */
export const labelPrinted = msg({ id: "labelPrinted", message: "The labels have been sent to the printer." });

const notAvailable = msg({
  id: "preferredPrinterNotAvailable",
  message: "Preferred printer not available: {printer}. Choose a printer in the printer settings.",
});

/** Spec 2 §5.3: the saved printer is not among the agent's printers. */
export function preferredPrinterNotAvailable(printer: string): MessageDescriptor {
  return { ...notAvailable, values: { printer } };
}

/**
 * The Browser Print address is not on this computer: the portal's Content-Security-Policy lets the page reach print
 * agents on loopback only (adapters/web/headers.go), and the agent runs beside the browser.
 */
export const agentAddressNotLocal = msg({
  id: "agentAddressNotLocal",
  message:
    "The Browser Print address must be on this computer: http or https to 127.0.0.1 or localhost, with its port (for example http://127.0.0.1:9100).",
});

/** The server's printing failures, translated in errors/serverMessages. */
export const labelPrintingConnectionFailed: MessageDescriptor = { id: "labelPrintingConnectionFailed" };
export const labelPrintingFailed: MessageDescriptor = { id: "labelPrintingFailed" };
