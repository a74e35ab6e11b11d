import { Trans, useLingui } from "@lingui/react/macro";
import { TabNav } from "@radix-ui/themes";
import { Link } from "react-router";

/**
 * The tabs between the batch list and the parcel list (spec 2 §2.1). Radix
 * doubles each tab's text to keep its width when bold, so the links carry
 * their name themselves.
 */
export function ShippingTabs({ active }: { active: "batch" | "parcel" }) {
  const { t } = useLingui();
  return (
    <TabNav.Root>
      <TabNav.Link asChild active={active === "batch"}>
        <Link to="/batch" aria-label={t`Batch`}>
          <Trans>Batch</Trans>
        </Link>
      </TabNav.Link>
      <TabNav.Link asChild active={active === "parcel"}>
        <Link to="/parcel" aria-label={t`Parcel`}>
          <Trans>Parcel</Trans>
        </Link>
      </TabNav.Link>
    </TabNav.Root>
  );
}
