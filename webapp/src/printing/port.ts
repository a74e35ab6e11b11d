import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PrintLabelsRequestSchema } from "../gen/portal/v1/printers_pb";

/**
 * The printing port: every way a label reaches a printer looks the same to
 * the pages. A browser cannot open a printer's port, so labels go through an
 * agent on the shipper's computer (Zebra Browser Print, QZ Tray), which the
 * page sends the ZPL, or through the portal's server to a network printer
 * that staff configured, which the page only names the stored labels: the
 * server sends a printer nothing a browser wrote.
 */

/** The ways labels are printed. */
export type AgentKind = "browserPrint" | "qzTray" | "network";

export const agentKinds: readonly AgentKind[] = ["browserPrint", "qzTray", "network"];

/** A printer as a port lists it: `id` is what the port prints to. */
export type PrinterInfo = { id: string; name: string; dpi?: Dpi };

/** The resolutions of Zebra printers: 203 dpi prints Zebra labels, 300 dpi Zebra300. */
export type Dpi = 203 | 300;

/** Which stored labels a print names: a batch's, shipments', parcels' or a report search's (PrintLabelsRequest.labels). */
export type LabelSelection = NonNullable<MessageInitShape<typeof PrintLabelsRequestSchema>["labels"]>;

/** The labels a page prints: which stored labels, and how to fetch their ZPL for an agent. */
export type Printable = {
  /** What the server reads and sends to a network printer. */
  selection: LabelSelection;
  /** The labels' ZPL text, fetched only for an agent on the user's computer. */
  zpl: () => Promise<string>;
};

type Lister = {
  /** The printers the agent or the server offers. Unreachable: PrintingError "connection". */
  listPrinters(signal?: AbortSignal): Promise<PrinterInfo[]>;
  /** The agent's default printer, if it has one (Browser Print does). */
  defaultPrinter?(signal?: AbortSignal): Promise<PrinterInfo | null>;
};

/** An agent on the user's computer: the page sends it ZPL, one job at a time. */
export type AgentPort = Lister & {
  readonly kind: "browserPrint" | "qzTray";
  /** Sends one job (one or more ^XA..^XZ labels) to a printer of the list. */
  print(printer: PrinterInfo, zpl: string): Promise<void>;
};

/** The portal's server: the page names stored labels, the server sends them; answers how many went. */
export type ServerPort = Lister & {
  readonly kind: "network";
  printStored(printer: PrinterInfo, selection: LabelSelection): Promise<number>;
};

export type PrintPort = AgentPort | ServerPort;

/**
 * Why printing failed: the agent or printer could not be reached, the agent's address is not on this computer, the
 * printer is gone, or the job failed.
 */
export type PrintingFailure = "connection" | "agentAddress" | "printerMissing" | "failed";

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
