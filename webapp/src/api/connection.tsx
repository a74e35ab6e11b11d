import type { Transport } from "@connectrpc/connect";
import { type QueryClient, QueryClientContext } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { useCredential } from "../auth/credentialStore";
import { anonymous, SessionContext, type SessionState } from "../auth/session";
import { TransportContext } from "./TransportContext";

/** What the session tracker reports: the state of the session for the credential it was worked out for. */
export type TrackedSession = { credential: string | null; state: SessionState };

/**
 * The app's connection to the portal's services: the Connect transport, the
 * React Query cache, and the component that turns the stored credential into
 * the session. Its code (Connect, protobuf, React Query, the generated
 * messages) is some 50 KB gzip that a visitor of /login does not need until
 * they sign in (issue 26), so it loads when first asked for: at start when a
 * credential is stored, by every lazily loaded part of the app, and by the
 * sign-in form.
 */
export type Connection = {
  transport: Transport;
  queryClient: QueryClient;
  SessionTracker: ComponentType<{ onChange: (tracked: TrackedSession) => void }>;
  /** Hands a failed call (also one of the shell's plain calls) to the global failure reporter. */
  reportFailure: (error: unknown) => void;
};

let current: Connection | null = null;
let loading: Promise<Connection> | null = null;
let loader: (() => Promise<Connection>) | null = null;
const listeners = new Set<() => void>();

function install(connection: Connection): Connection {
  current = connection;
  listeners.forEach((listener) => listener());
  return connection;
}

/** How the app builds its connection when first asked for (main.tsx: a lazily loaded module). */
export function setConnectionLoader(load: () => Promise<Connection>): void {
  loader = load;
}

/** The connection, loading it once; a failed load (offline for a moment) is tried again by the next caller. */
export function connect(): Promise<Connection> {
  if (current) return Promise.resolve(current);
  if (!loader) return Promise.reject(new Error("The app has no connection loader."));
  loading ??= loader().then(install, (error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Reports a failure through the connection, loading it if need be. */
export function reportThroughConnection(error: unknown): void {
  connect().then(
    (connection) => connection.reportFailure(error),
    () => undefined,
  );
}

/** A lazily loaded part of the app, ready once the connection it calls through is there too. */
export function withConnection<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, connect()]).then(([module]) => module);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadingSession: SessionState = { status: "loading" };

/**
 * Provides the connection's transport, query cache and session to the app,
 * and an anonymous session without loading anything while no credential is
 * stored. The providers stay in place when the connection arrives, so
 * nothing on the page loses its state (a half-typed sign-in form).
 * `initial` is a connection that is there from the start (the tests').
 */
export function ConnectionProvider({ initial, children }: { initial?: Connection; children: ReactNode }) {
  // The tests' connection replaces any earlier one before the first render asks for it.
  useState(() => initial && install(initial));
  const connection = useSyncExternalStore(subscribe, () => current);
  const credential = useCredential();
  const [tracked, setTracked] = useState<TrackedSession | null>(null);

  useEffect(() => {
    if (credential !== null) void connect();
  }, [credential]);
  useEffect(() => {
    if (!connection) return;
    // What QueryClientProvider would do: follow the window's focus and the network.
    connection.queryClient.mount();
    return () => connection.queryClient.unmount();
  }, [connection]);

  // No credential is anonymous at once; otherwise the session is loading until the tracker has worked it out.
  const session = credential === null ? anonymous : tracked?.credential === credential ? tracked.state : loadingSession;
  const Tracker = connection?.SessionTracker;
  return (
    <TransportContext.Provider value={connection?.transport ?? null}>
      <QueryClientContext.Provider value={connection?.queryClient}>
        {Tracker && <Tracker onChange={setTracked} />}
        <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
      </QueryClientContext.Provider>
    </TransportContext.Provider>
  );
}
