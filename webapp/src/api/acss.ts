import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type Acss, type AcssSchema, AcssService } from "../gen/portal/v1/acss_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The AcssService: the tenants' address-correction CSV files (spec 3 §2). */
function useAcssClient() {
  const transport = useTransport();
  return useMemo(() => createClient(AcssService, transport), [transport]);
}

const listKey = ["acss"] as const;

export type AcssInit = MessageInitShape<typeof AcssSchema>;

/** GET web/api/acsses: every file, newest first, without its CSV. */
export function useAcsses() {
  const client = useAcssClient();
  return useQuery({
    queryKey: [...listKey, "list"],
    queryFn: async ({ signal }) => (await client.listAcsses({}, { signal })).acsses,
  });
}

/** One file with its CSV. */
export function useAcss(id: bigint | null) {
  const client = useAcssClient();
  return useQuery({
    queryKey: [...listKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getAcss({ id: id ?? 0n }, { signal })).acss ?? null,
    enabled: id !== null,
  });
}

export function useSaveAcss() {
  const client = useAcssClient();
  return useListMutation(
    listKey,
    async (acss: AcssInit): Promise<Acss | undefined> =>
      (acss.id ? await client.updateAcss({ acss }) : await client.createAcss({ acss })).acss,
  );
}

export function useDeleteAcss() {
  const client = useAcssClient();
  return useListMutation(listKey, (id: bigint) => client.deleteAcss({ id }));
}

/** GET web/api/acsses/{id}/csv: the file as text/csv. */
export function useDownloadAcss() {
  const client = useAcssClient();
  return useMutation({ mutationFn: async (id: bigint) => (await client.downloadAcss({ id })).file });
}
