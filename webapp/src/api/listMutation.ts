import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A create, update or delete of one record of a list: once it succeeds,
 * every cached page and record under the list's key is stale and refetched;
 * a failure is shown by the form or dialog that asked (`inlineMessages`),
 * not as a toast.
 */
export function useListMutation<Input, Output>(listKey: QueryKey, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    meta: { inlineMessages: true },
  });
}
