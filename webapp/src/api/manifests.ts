import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ManifestService } from "../gen/portal/v1/manifests_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";
import type { ManifestType } from "../gen/portal/v1/vocabulary_pb";

/**
 * The ManifestService: manifests of selected parcels (spec 2 §7, POST
 * web/api/manifests) and the default routing options they fall back to.
 */
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

/** The cache key of the default routing options. */
const routingOptionsKey = ["routing-options"] as const;

/**
 * The default routing options (GET web/api/routing-options): one per
 * manifest-carrier country, with the manifest types an option may name.
 * Admins only.
 */
export function useRoutingOptions() {
  const client = useManifestClient();
  return useQuery({
    queryKey: routingOptionsKey,
    queryFn: ({ signal }) => client.listRoutingOptions({}, { signal }),
  });
}

/** A country's changed default: its manifest type and carrier. */
export type RoutingOptionChange = { country: string; manifestType: ManifestType; carrier: string };

/**
 * Changes one country's default routing option (PUT
 * web/api/routing-options/{country}); the list is read again after. Field
 * errors (manifestType, carrier) are the caller's to show.
 */
export function useUpdateRoutingOption() {
  const client = useManifestClient();
  return useListMutation(routingOptionsKey, (routingOption: RoutingOptionChange) =>
    client.updateRoutingOption({ routingOption }),
  );
}
