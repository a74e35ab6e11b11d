import { useSearchParams } from "react-router";

/** Which page of a server-paged list is shown (from 0) and how many items a page holds. */
export type PageParams = { page: number; size: number };

/** Reads page (from 1 in the address, from 0 inside) and size from the address, within the allowed sizes. */
export function pageOf(search: URLSearchParams, sizes: readonly number[]): PageParams {
  const size = Number.parseInt(search.get("size") ?? "", 10);
  return {
    page: Math.max(0, (Number.parseInt(search.get("page") ?? "1", 10) || 1) - 1),
    size: sizes.includes(size) ? size : sizes[0],
  };
}

/** The address's page and size, without the defaults (first page, first size), so a plain list has a plain address. */
export function pageSearch({ page, size }: PageParams, sizes: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (page > 0) out.page = String(page + 1);
  if (size !== sizes[0]) out.size = String(size);
  return out;
}

/**
 * The page and page size of a list whose address holds nothing else
 * (?page=2&size=50), so a reload, Back or a link shows the same page; a new
 * size starts again at the first page. One allowed size: no size in the address.
 */
export function usePageParams(sizes: readonly number[]) {
  const [search, setSearch] = useSearchParams();
  const current = pageOf(search, sizes);
  const go = (next: PageParams) => setSearch(pageSearch(next, sizes), { replace: true });
  return {
    ...current,
    setPage: (page: number) => go({ ...current, page }),
    setSize: (size: number) => go({ page: 0, size }),
  };
}
