import { Link as RadixLink } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The link a user-data link shows for its fulfillment or customer, or null
 * while that reference is unset (absent, or id 0). A function rather than a
 * component, so that the detail page's Fact sees the empty case and shows
 * its dash.
 */
export function organisationLink(
  base: "/fulfillment" | "/customer",
  organisation: { id: bigint; name: string } | undefined,
): ReactNode {
  if (!organisation || organisation.id <= 0n) return null;
  return (
    <RadixLink asChild>
      <Link to={`${base}/${organisation.id}`}>{organisation.name}</Link>
    </RadixLink>
  );
}
