import { Code, ConnectError } from "@connectrpc/connect";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { FailureMeta } from "../errors/reportFailure";

/**
 * The failures that may be gone a moment later: the network or the server
 * stumbled (no answer, 5xx, a gateway, a timeout). Every other answer (not
 * found, forbidden, signed out, invalid, a conflict with the record's state)
 * is the server's word and would only come again, later.
 */
const transientCodes: ReadonlySet<Code> = new Set([
  Code.Unknown,
  Code.Internal,
  Code.Unavailable,
  Code.DeadlineExceeded,
]);

/** A failure that is not a Connect answer at all (a fetch that never got one) is transient too. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ConnectError) || transientCodes.has(error.code);
}

/**
 * A read is tried once more after a transient failure, never after the
 * server's answer: a record that is not there gets its not-found page at
 * once, not after the retry's delay and a second request.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isTransient(error);
}

/**
 * One query client whose caches hand every failure to the global reporter
 * (spec 1 §8), so no feature has to remember to show errors itself.
 */
export function createQueryClient(reportFailure: (error: unknown, meta: FailureMeta | undefined) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportFailure(error, mutation.meta),
    }),
    defaultOptions: { queries: { retry: retryTransient, refetchOnWindowFocus: false } },
  });
}
