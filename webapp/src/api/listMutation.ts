import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

export type ListMutationOptions = {
  /** false: a failure is a toast, for mutations no form or dialog answers for. */
  inlineMessages?: boolean;
  /** Further lists the change makes stale, such as choices that list the records too. */
  alsoStale?: readonly QueryKey[];
};

/**
 * A create, update or delete of one record of a list: once it succeeds,
 * every cached page and record under the list's key is stale and refetched;
 * a failure is shown by the form or dialog that asked (`inlineMessages`),
 * not as a toast.
 */
export function useListMutation<Input, Output>(
  listKey: QueryKey,
  call: (input: Input) => Promise<Output>,
  { inlineMessages = true, alsoStale = [] }: ListMutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([listKey, ...alsoStale].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: { inlineMessages },
  });
}
