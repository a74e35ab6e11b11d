import type { Transport } from "@connectrpc/connect";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { BootProviders } from "./BootProviders";
import { shellCallsOverTransport } from "./api/shellCallsOverTransport";
import { SessionTracker } from "./auth/SessionTracker";

/**
 * The app's providers with the connection there from the start, over the
 * given transport and query client: what the tests render the app in. The
 * browser starts with BootProviders (main.tsx), which loads the connection
 * when first needed.
 */
export function AppProviders({
  transport,
  queryClient,
  reportFailure,
  children,
}: {
  transport: Transport;
  queryClient: QueryClient;
  /** The reporter the query client's caches were built with. */
  reportFailure: (error: unknown) => void;
  children: ReactNode;
}) {
  const connection = useMemo(
    () => ({ transport, queryClient, SessionTracker, reportFailure }),
    [transport, queryClient, reportFailure],
  );
  const shellCalls = useMemo(() => shellCallsOverTransport(transport), [transport]);
  return (
    <BootProviders shellCalls={shellCalls} connection={connection}>
      {children}
    </BootProviders>
  );
}
