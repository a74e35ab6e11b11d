import { ConnectError } from "@connectrpc/connect";
import type { PrinterClient } from "../api/printers";
import { ErrorDetailSchema } from "../gen/portal/v1/errors_pb";
import { type Dpi, type LabelSelection, type PrinterInfo, PrintingError, type ServerPort } from "./port";

/** The printing failures the server names (spec 2 §8). */
const connectionFailed = "labelPrintingConnectionFailed";

function failureOf(error: unknown): PrintingError {
  const key = error instanceof ConnectError ? (error.findDetails(ErrorDetailSchema)[0]?.messageKey ?? "") : "";
  if (key === connectionFailed) return new PrintingError("connection", String(error), key);
  if (key === "error.networkPrinter.notFound") return new PrintingError("printerMissing", String(error), key);
  return new PrintingError("failed", String(error), key || undefined);
}

/**
 * Network printers: staff configured them for the customer, and the
 * portal's server sends the stored labels over raw TCP. The page names the
 * printer by its id and the labels by what they belong to; the server never
 * prints to an address staff did not give it, nor anything but its labels.
 */
export function networkPrinterPort(client: PrinterClient, customerId: bigint): ServerPort {
  return {
    kind: "network",
    async listPrinters(signal) {
      try {
        const { networkPrinters } = await client.listNetworkPrinters({ customerId }, { signal });
        return networkPrinters.map((p) => ({
          id: String(p.id),
          name: p.name,
          dpi: (p.dpi === 300 ? 300 : 203) as Dpi,
        }));
      } catch (error) {
        throw new PrintingError("connection", String(error));
      }
    },
    async printStored(printer: PrinterInfo, selection: LabelSelection) {
      try {
        return (await client.printLabels({ customerId, id: BigInt(printer.id), labels: selection })).labels;
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
