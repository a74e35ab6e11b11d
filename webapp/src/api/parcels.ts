import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type CsvShipmentDtoSchema, ParcelService } from "../gen/portal/v1/parcels_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";
import {
  type ApiClient,
  LabelType,
  ParcelManifestFilter_Value as ParcelManifestFilter,
  ParcelSourceFilter_Value as ParcelSourceFilter,
} from "../gen/portal/v1/vocabulary_pb";

/** The ParcelService: single parcels of spec 2 §2.3 and §4.5. */
function useParcelClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ParcelService, transport), [transport]);
}

const parcelsKey = ["parcels"] as const;

/** The parcel list's page sizes and default (spec 2 §9). */
export const parcelPageSizes = [10, 25, 100, 200, 500, 1000] as const;
export const parcelDefaultPageSize = 100;

export { ParcelManifestFilter, ParcelSourceFilter };

export const manifestFilters: ParcelManifestFilter[] = [
  ParcelManifestFilter.ALL,
  ParcelManifestFilter.MANIFESTED,
  ParcelManifestFilter.NOT_MANIFESTED,
];
export const sourceFilters: ParcelSourceFilter[] = [
  ParcelSourceFilter.ALL,
  ParcelSourceFilter.INDIVIDUAL_PARCEL,
  ParcelSourceFilter.API_PARCEL,
];

export type ParcelPageRequest = {
  customerId: bigint | null;
  page: number;
  size: number;
  manifestFilter: ParcelManifestFilter;
  sourceFilter: ParcelSourceFilter;
  /** API_CLIENT_UNSPECIFIED for all clients. */
  apiClientFilter: ApiClient;
};

/** One page of the active customer's parcels, newest first, with the total. */
export function useParcelPage({
  customerId,
  page,
  size,
  manifestFilter,
  sourceFilter,
  apiClientFilter,
}: ParcelPageRequest) {
  const client = useParcelClient();
  return useQuery({
    queryKey: [...parcelsKey, "page", String(customerId), page, size, manifestFilter, sourceFilter, apiClientFilter],
    queryFn: async ({ signal }) => {
      const { parcels, totalCount } = await client.listParcels(
        {
          customerId: customerId ?? 0n,
          page,
          pageSize: size,
          manifestFilter,
          parcelSourceFilter: sourceFilter,
          apiClientFilter,
        },
        { signal },
      );
      return { items: parcels, totalCount: Number(totalCount) };
    },
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One parcel as the form and the read-only view show it. */
export function useParcel(id: bigint | null) {
  const client = useParcelClient();
  return useQuery({
    queryKey: [...parcelsKey, "one", String(id)],
    queryFn: async ({ signal }) => await client.getParcel({ id: id ?? 0n }, { signal }),
    enabled: id !== null,
    meta: { pageShowsNotFound: true },
  });
}

export type ParcelForm = MessageInitShape<typeof CsvShipmentDtoSchema>;

/** The form checked by the server; nothing is stored. */
export function useValidateParcel() {
  const client = useParcelClient();
  return useMutation({
    mutationFn: async ({ customerId, form }: { customerId: bigint; form: ParcelForm }) =>
      (await client.validateParcel({ customerId, csvShipmentDto: form })).validatedShipment,
    meta: { inlineMessages: true },
  });
}

export function useCreateParcel() {
  const client = useParcelClient();
  return useListMutation(
    parcelsKey,
    async ({ customerId, labelType, form }: { customerId: bigint; labelType: LabelType; form: ParcelForm }) =>
      (await client.createParcel({ customerId, labelType, csvShipmentDto: form })).parcelId,
  );
}

export function useUpdateParcel() {
  const client = useParcelClient();
  return useListMutation(
    parcelsKey,
    async ({ id, form }: { id: bigint; form: ParcelForm }) =>
      (await client.updateParcel({ id, csvShipmentDto: form })).validatedShipment,
  );
}

/** The carrier labels the parcel now; what it refused comes back in `errors`. */
export function useLabelParcel() {
  const client = useParcelClient();
  return useListMutation(parcelsKey, (id: bigint) => client.labelParcel({ id }));
}

export function useDeleteParcel() {
  const client = useParcelClient();
  return useListMutation(parcelsKey, (id: bigint) => client.deleteParcel({ id }));
}

/** Admins delete several parcels; those that stay come back with the reason. */
export function useBulkDeleteParcels() {
  const client = useParcelClient();
  return useListMutation(parcelsKey, (ids: bigint[]) => client.bulkDeleteParcels({ ids }), {
    inlineMessages: false,
  });
}

/** The REST paths of a parcel's files (spec 2 §7). */
export const parcelFiles = {
  label: (id: bigint) => `/web/api/parcels/${id}/label`,
  customsDeclarations: (id: bigint) => `/web/api/parcels/${id}/customs-declarations`,
};
