import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { FailureMeta } from "../errors/reportFailure";

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
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}
