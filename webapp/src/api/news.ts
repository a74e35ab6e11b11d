import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type News, type NewsSchema, NewsService } from "../gen/portal/v1/news_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The NewsService: multilingual news in the dashboard's order (spec 3 §2). */
function useNewsClient() {
  const transport = useTransport();
  return useMemo(() => createClient(NewsService, transport), [transport]);
}

const listKey = ["news"] as const;

export type NewsInit = MessageInitShape<typeof NewsSchema>;

/** GET web/api/news: every item in order. */
export function useNewsList() {
  const client = useNewsClient();
  return useQuery({
    queryKey: [...listKey, "list"],
    queryFn: async ({ signal }) => (await client.listNews({}, { signal })).news,
  });
}

/** GET web/api/news/locale/{locale}: every item in order, its texts in the locale (the dashboard's news). */
export function useNewsForLocale(locale: string) {
  const client = useNewsClient();
  return useQuery({
    queryKey: [...listKey, "locale", locale],
    queryFn: async ({ signal }) => (await client.listNewsForLocale({ locale }, { signal })).news,
  });
}

/** One item. */
export function useNews(id: bigint | null) {
  const client = useNewsClient();
  return useQuery({
    queryKey: [...listKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getNews({ id: id ?? 0n }, { signal })).news ?? null,
    enabled: id !== null,
  });
}

export function useSaveNews() {
  const client = useNewsClient();
  return useListMutation(
    listKey,
    async (news: NewsInit): Promise<News | undefined> =>
      (news.id ? await client.updateNews({ news }) : await client.createNews({ news })).news,
  );
}

export function useDeleteNews() {
  const client = useNewsClient();
  return useListMutation(listKey, (id: bigint) => client.deleteNews({ id }));
}

/**
 * PUT web/api/news/{id}/order/{value}: moves an item to a 0-based position.
 * The list shows the new order at once and reloads when the server answered.
 */
export function useMoveNews() {
  const client = useNewsClient();
  const queryClient = useQueryClient();
  const key = [...listKey, "list"];
  return useMutation({
    mutationFn: ({ id, value }: { id: bigint; value: number }) => client.moveNews({ id, value }),
    onMutate: async ({ id, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<News[]>(key);
      if (before) {
        const moved = before.find((item) => item.id === id);
        if (moved) {
          const rest = before.filter((item) => item.id !== id);
          rest.splice(Math.min(value, rest.length), 0, moved);
          queryClient.setQueryData(key, rest);
        }
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
