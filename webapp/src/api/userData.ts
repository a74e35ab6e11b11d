import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type UserData, type UserDataSchema, UserDataService } from "../gen/portal/v1/user_data_pb";
import { sessionQueryKey } from "./account";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";
import { sortDirectionOf } from "./enums";

/** The UserDataService: which customer or fulfillment a login belongs to (spec 3 §2, "User data"). */
function useUserDataClient() {
  const transport = useTransport();
  return useMemo(() => createClient(UserDataService, transport), [transport]);
}

/**
 * GET web/api/user-data/by-login: the signed-in user's own link, for the
 * shell's customer name or customer selector. Fetched with the account, under
 * the same credential.
 */
export function useMyUserDataQuery(credential: string | null, enabled: boolean) {
  const client = useUserDataClient();
  return useQuery({
    queryKey: [...sessionQueryKey, "userData", credential],
    queryFn: async ({ signal }) => (await client.getMyUserData({}, { signal })).userData ?? null,
    enabled: enabled && credential !== null,
    staleTime: Infinity,
    retry: false,
  });
}

const listKey = ["userData"] as const;

export type UserDataPageRequest = { page: number; size: number; sort?: string; direction?: "asc" | "desc" };

/** One page of links; the total comes with it. */
export function useUserDataPage(request: UserDataPageRequest) {
  const client = useUserDataClient();
  return useQuery({
    queryKey: [...listKey, "page", request],
    queryFn: async ({ signal }) => {
      const { userData, totalCount } = await client.listUserData(
        { ...request, direction: sortDirectionOf(request.direction) },
        { signal },
      );
      return { items: userData, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET web/api/registration-requests: one page of the self-registrations
 * whose login staff have not linked yet, oldest first. A new link settles a
 * request, so it shares the list's key and is refetched after each change.
 */
export function usePendingRegistrations(request: { page: number; size: number }) {
  const client = useUserDataClient();
  return useQuery({
    queryKey: [...listKey, "pendingRegistrations", request],
    queryFn: async ({ signal }) => {
      const { requests, totalCount } = await client.listPendingRegistrations(request, { signal });
      return { items: requests, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** One link by id. */
export function useUserData(id: bigint | null) {
  const client = useUserDataClient();
  return useQuery({
    queryKey: [...listKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getUserData({ id: id ?? 0n }, { signal })).userData ?? null,
    enabled: id !== null,
  });
}

export type UserDataInit = MessageInitShape<typeof UserDataSchema>;

export function useCreateUserData() {
  const client = useUserDataClient();
  return useListMutation(
    listKey,
    async (userData: UserDataInit): Promise<UserData | undefined> =>
      (await client.createUserData({ userData })).userData,
  );
}

export function useUpdateUserData() {
  const client = useUserDataClient();
  return useListMutation(
    listKey,
    async (userData: UserDataInit): Promise<UserData | undefined> =>
      (await client.updateUserData({ userData })).userData,
  );
}

export function useDeleteUserData() {
  const client = useUserDataClient();
  return useListMutation(listKey, (id: bigint) => client.deleteUserData({ id }));
}
