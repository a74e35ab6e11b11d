/**
 * The printing port: every way a label reaches a printer looks the same to
 * the pages. A browser cannot open a printer's port, so labels go through an
 * agent on the shipper's computer (Zebra Browser Print, QZ Tray) or through
 * the portal's server to a network printer that staff configured.
 */

/** The ways labels are printed. */
export type AgentKind = "browserPrint" | "qzTray" | "network";

export const agentKinds: readonly AgentKind[] = ["browserPrint", "qzTray", "network"];

/** A printer as a port lists it: `id` is what the port prints to. */
export type PrinterInfo = { id: string; name: string; dpi?: Dpi };

/** The resolutions of Zebra printers: 203 dpi prints Zebra labels, 300 dpi Zebra300. */
export type Dpi = 203 | 300;

export interface PrintPort {
  readonly kind: AgentKind;
  /** The printers the agent or the server offers. Unreachable: PrintingError "connection". */
  listPrinters(signal?: AbortSignal): Promise<PrinterInfo[]>;
  /** The agent's default printer, if it has one (Browser Print does). */
  defaultPrinter?(signal?: AbortSignal): Promise<PrinterInfo | null>;
  /** Sends one job (one or more ^XA..^XZ labels) to a printer of the list. */
  print(printer: PrinterInfo, zpl: string): Promise<void>;
}

/** Why printing failed: the agent or printer could not be reached, the printer is gone, or the job failed. */
export type PrintingFailure = "connection" | "printerMissing" | "failed";

export class PrintingError extends Error {
  constructor(
    readonly reason: PrintingFailure,
    message: string,
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = "PrintingError";
  }
}
