import type { Transport } from "@connectrpc/connect";
import { createContext, useContext } from "react";

/**
 * The transport every service hook uses. Tests provide an in-memory one
 * (createRouterTransport) so components run against fake handlers.
 */
export const TransportContext = createContext<Transport | null>(null);

export function useTransport(): Transport {
  const transport = useContext(TransportContext);
  if (!transport) throw new Error("useTransport needs a TransportContext provider");
  return transport;
}
