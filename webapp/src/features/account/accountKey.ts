import { useParams, useSearchParams } from "react-router";

/**
 * The key of an activation or reset link: in the path (/account/activate/KEY)
 * or, as some mail templates write it, in the query (?key=KEY).
 */
export function useLinkKey(): string {
  const { key } = useParams();
  const [search] = useSearchParams();
  return (key ?? search.get("key") ?? "").trim();
}
