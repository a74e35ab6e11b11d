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

/** The server's printing failures, translated in errors/serverMessages. */
export const labelPrintingConnectionFailed: MessageDescriptor = { id: "labelPrintingConnectionFailed" };
export const labelPrintingFailed: MessageDescriptor = { id: "labelPrintingFailed" };
