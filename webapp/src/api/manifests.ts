import { createClient } from "@connectrpc/connect";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ManifestService } from "../gen/portal/v1/manifests_pb";
import { useTransport } from "./TransportContext";

/** The ManifestService: manifests of selected parcels (spec 2 §7, POST web/api/manifests). */
function useManifestClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ManifestService, transport), [transport]);
}

/**
 * The lists a new manifest changes: the batch list gains a 'Single Parcels'
 * batch per hub and manifest type, and the parcel list's rows become
 * manifested (their state links to that batch).
 */
export const manifestedListKeys = [["batches"], ["parcels"]] as const;

/**
 * Makes the manifests of the selected parcels (their ids): one per hub and
 * manifest type of the customer's rules, each a batch whose manifest job
 * runs as a batch manifest does. Resolves to the ids of those batches
 * (/batch/{id} shows the progress). No time limit, as for a batch manifest
 * (spec 2 §9). A parcel already manifested is refused with
 * error.manifest.alreadyManifested, and nothing is made.
 */
export function useCreateManifest() {
  const client = useManifestClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (parcelIds: readonly bigint[]): Promise<bigint[]> =>
      (await client.createManifest({ parcelIds: [...parcelIds] }, { timeoutMs: 0 })).batchIds,
    onSuccess: () =>
      Promise.all(manifestedListKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
