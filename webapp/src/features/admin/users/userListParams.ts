import { useSearchParams } from "react-router";
import { defaultUserPageSize, userStatuses, type UserStatusFilter, type UsersPageRequest } from "../../../api/users";
import { pageOf } from "../../../components/pageParams";
import { enumNameOf, enumValueOf } from "../../../api/enums";
import { ActivationStatus as ActivationStatus } from "../../../gen/portal/v1/vocabulary_pb";
import type { SortOrder } from "../../../components/DataTable";

/** Columns the server sorts users by. */
const sortFields = ["login", "email", "activationStatus", "createdDate", "lastModifiedDate"];

/**
 * The user list's page, sort and filters live in the address (?page=2&sort=email,desc&status=new&login=ann),
 * so that Back, reload and a shared link show the same list. Defaults (spec 1 §4, §9): first page, ten
 * users sorted by login ascending, all four statuses.
 */
export function readUserListParams(search: URLSearchParams): UsersPageRequest {
  const [field, direction] = (search.get("sort") ?? "").split(",");
  const statusParam = search.get("status");
  const named = (statusParam ?? "").split(",").map((name) => enumValueOf(ActivationStatus, name.trim().toUpperCase()));
  const status = statusParam === null ? [...userStatuses] : userStatuses.filter((s) => named.includes(s));
  return {
    ...pageOf(search, [defaultUserPageSize]),
    sort: sortFields.includes(field) ? field : "login",
    direction: direction === "desc" ? "desc" : "asc",
    status,
    login: search.get("login") ?? "",
  };
}

/** A status as the address names it, in lower case as the spec's API did (status=new,pending). */
function statusParamOf(status: UserStatusFilter): string {
  return enumNameOf(ActivationStatus, status).toLowerCase();
}

export function useUserListParams() {
  const [search, setSearch] = useSearchParams();
  const request = readUserListParams(search);
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    request,
    setPage: (page: number) => update({ page: page === 0 ? null : String(page + 1) }),
    setSort: ({ field, direction }: SortOrder) => update({ sort: `${field},${direction}`, page: null }),
    setStatus: (status: UserStatusFilter[]) =>
      update({
        status: status.length === userStatuses.length ? null : status.map(statusParamOf).join(","),
        page: null,
      }),
    setLogin: (login: string) => update({ login: login === "" ? null : login, page: null }),
  };
}
