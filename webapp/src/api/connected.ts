import { Code, ConnectError } from "@connectrpc/connect";
import { codeFromHttpStatus, errorFromJson } from "@connectrpc/connect/protocol-connect";
import { SessionTracker } from "../auth/SessionTracker";
import { createFailureReporter } from "../errors/reportFailure";
import { lostSession } from "../navigation/lostSession";
import type { Connection } from "./connection";
import { createQueryClient } from "./queryClient";
import { ShellCallFailure } from "./shellData";
import { createPortalTransport } from "./transport";

/** A failure of the shell's plain calls as the Connect client would have raised it. */
function asConnectError(error: unknown): unknown {
  if (error instanceof ShellCallFailure) {
    const fallback = new ConnectError(error.message, codeFromHttpStatus(error.status));
    try {
      return errorFromJson(JSON.parse(error.body), undefined, fallback);
    } catch {
      return fallback;
    }
  }
  // fetch itself failed: no answer at all.
  return error instanceof TypeError ? new ConnectError(error.message, Code.Unavailable) : error;
}

/**
 * The browser's connection to the portal (loaded lazily, see connection.tsx):
 * the Connect transport to the same origin, and one query client whose
 * failures reach the global reporter, which sends a lost session to sign in.
 */
export function createConnection(): Connection {
  const reporter = createFailureReporter(() => lostSession.goToLogin());
  return {
    transport: createPortalTransport(),
    queryClient: createQueryClient(reporter),
    SessionTracker,
    reportFailure: (error) => reporter(asConnectError(error), undefined),
  };
}
