import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type User, type UserSchema, UserService } from "../gen/portal/v1/users_pb";
import { ActivationStatus as ActivationStatus } from "../gen/portal/v1/vocabulary_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";
import { enumValues, sortDirectionOf } from "./enums";

/** The UserService: the administrators' user management (spec 1 §7, web/api/users). */
function useUserClient() {
  const transport = useTransport();
  return useMemo(() => createClient(UserService, transport), [transport]);
}

const usersKey = ["users"] as const;

/** The status filter values of spec 1 §4, the contract's activation statuses; the list shows all four unless narrowed. */
export const userStatuses: readonly ActivationStatus[] = enumValues(ActivationStatus);
export type UserStatusFilter = ActivationStatus;

/** Spec 1 §9: ten users per page, sorted by login, ascending. */
export const defaultUserPageSize = 10;

export type UsersPageRequest = {
  page: number;
  size: number;
  sort: string;
  direction: "asc" | "desc";
  status: UserStatusFilter[];
  login: string;
};

/** One page of logins, paged and filtered by the server; the total comes with it. */
export function useUsersPage(request: UsersPageRequest) {
  const client = useUserClient();
  return useQuery({
    queryKey: [...usersKey, "page", request],
    queryFn: async ({ signal }) => {
      const { users, totalCount } = await client.listUsers(
        { ...request, direction: sortDirectionOf(request.direction) },
        { signal },
      );
      return { users, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Spec 1 §9: where a screen needs every login at once (a select), it asks for up to 1000. */
export const allUsersPageSize = 1000;

/** Every login (up to allUsersPageSize), by login, for selects. */
export function useAllUsers() {
  return useUsersPage({
    page: 0,
    size: allUsersPageSize,
    sort: "login",
    direction: "asc",
    status: [...userStatuses],
    login: "",
  });
}

/** Every role a login can hold. */
export function useAuthorities() {
  const client = useUserClient();
  return useQuery({
    queryKey: [...usersKey, "authorities"],
    queryFn: async ({ signal }) => (await client.listAuthorities({}, { signal })).authorities,
    staleTime: Infinity,
  });
}

/** One login. */
export function useUser(login: string) {
  const client = useUserClient();
  return useQuery({
    queryKey: [...usersKey, "one", login],
    queryFn: async ({ signal }) => (await client.getUser({ login }, { signal })).user ?? null,
    enabled: login !== "",
  });
}

export type UserInit = MessageInitShape<typeof UserSchema>;

export function useCreateUser() {
  const client = useUserClient();
  return useListMutation(
    usersKey,
    async (user: UserInit): Promise<User | undefined> => (await client.createUser({ user })).user,
  );
}

export function useUpdateUser() {
  const client = useUserClient();
  return useListMutation(
    usersKey,
    async (user: UserInit): Promise<User | undefined> => (await client.updateUser({ user })).user,
  );
}

export function useDeleteUser() {
  const client = useUserClient();
  return useListMutation(usersKey, (login: string) => client.deleteUser({ login }));
}
