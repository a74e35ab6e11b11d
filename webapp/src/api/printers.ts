import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type NetworkPrinterSchema, PrinterService } from "../gen/portal/v1/printers_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The PrinterService: network printers staff configure per customer, and QZ Tray signing. */
export function usePrinterClient() {
  const transport = useTransport();
  return useMemo(() => createClient(PrinterService, transport), [transport]);
}

export type PrinterClient = ReturnType<typeof usePrinterClient>;

const printersKey = ["networkPrinters"] as const;

export type NetworkPrinterInit = MessageInitShape<typeof NetworkPrinterSchema>;

/** GET web/api/customers/{id}/network-printers: the customer's network printers by name. */
export function useNetworkPrinters(customerId: bigint | null) {
  const client = usePrinterClient();
  return useQuery({
    queryKey: [...printersKey, String(customerId)],
    queryFn: async ({ signal }) =>
      (await client.listNetworkPrinters({ customerId: customerId ?? 0n }, { signal })).networkPrinters,
    enabled: customerId !== null,
  });
}

/** Creates (no id) or changes a network printer of a customer (staff). */
export function useSaveNetworkPrinter() {
  const client = usePrinterClient();
  return useListMutation(printersKey, async (printer: NetworkPrinterInit & { customerId: bigint }) =>
    printer.id
      ? (await client.updateNetworkPrinter({ customerId: printer.customerId, id: printer.id, networkPrinter: printer }))
          .networkPrinter
      : (await client.createNetworkPrinter({ customerId: printer.customerId, networkPrinter: printer })).networkPrinter,
  );
}

export function useDeleteNetworkPrinter() {
  const client = usePrinterClient();
  return useListMutation(printersKey, ({ customerId, id }: { customerId: bigint; id: bigint }) =>
    client.deleteNetworkPrinter({ customerId, id }),
  );
}
