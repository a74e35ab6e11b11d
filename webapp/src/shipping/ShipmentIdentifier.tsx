import { useLingui } from "@lingui/react/macro";
import { Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import { useCustomerSummary } from "../api/customers";
import { useActiveCustomer } from "../auth/activeCustomer";
import { opensTracking, type TrackedShipment, trackingPath } from "./tracking";

/**
 * A shipment's identifier: a link to its tracking when the rule of spec 2
 * §2.2 allows it for the active customer, else plain text.
 */
export function ShipmentIdentifier({ shipment }: { shipment: TrackedShipment }) {
  const { t } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const { data: customer } = useCustomerSummary(activeCustomer?.id ?? null);
  const identifier = shipment.identifier;
  if (!opensTracking(shipment, customer)) return identifier;
  return (
    <RadixLink asChild>
      <Link to={trackingPath(identifier)} title={t`Track ${identifier}`}>
        {identifier}
      </Link>
    </RadixLink>
  );
}
