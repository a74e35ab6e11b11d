import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Text } from "@radix-ui/themes";
import { customerChoices, useActiveCustomer, usesCustomerSelector } from "../auth/activeCustomer";
import { useSession } from "../auth/session";
import { Autocomplete } from "../components/Autocomplete";
import type { CustomerRef } from "../gen/portal/v1/organisation_pb";
import { flagEmoji } from "./flagEmoji";

/** Spec 1 §9: the customer autocomplete is 300 px wide. */
const selectorWidth = "300px";

/**
 * Whom the user works for (spec 1 §2): a fulfillment user sees the
 * fulfillment's name and picks the active customer; a user with a customer
 * of their own sees its name.
 */
export function CustomerContext() {
  const session = useSession();
  const { activeCustomer } = useActiveCustomer();
  if (!session) return null;
  if (usesCustomerSelector(session)) {
    return (
      <Flex align="center" gap="2" wrap="wrap" className="customer-context">
        <Text size="2" weight="medium" color="gray" data-testid="fulfillment-name">
          {session.fulfillment?.name}
        </Text>
        <CustomerSelector customers={customerChoices(session)} />
      </Flex>
    );
  }
  if (!activeCustomer) return null;
  return (
    <Text size="2" weight="medium" color="gray" className="customer-context" data-testid="customer-name">
      {activeCustomer.name}
    </Text>
  );
}

function CustomerSelector({ customers }: { customers: CustomerRef[] }) {
  const { t } = useLingui();
  const { activeCustomer, setActiveCustomer } = useActiveCustomer();
  // Flags tell the customers apart only when they belong to hubs in more than one country.
  const withFlags = new Set(customers.map((customer) => customer.hubCountryCode)).size > 1;
  const chosen = customers.find((customer) => customer.id === activeCustomer?.id) ?? null;
  const flagOf = (customer: CustomerRef) => (withFlags ? flagEmoji(customer.hubCountryCode) : "");
  return (
    <Autocomplete
      aria-label={t`Active customer`}
      placeholder={t`Choose a customer`}
      width={selectorWidth}
      options={customers}
      value={chosen}
      onChange={setActiveCustomer}
      keyOf={(customer) => String(customer.id)}
      labelOf={(customer) => `${customer.name} (${customer.crmid})`}
      renderOption={(customer) => (
        <>
          {withFlags && <span aria-hidden>{flagOf(customer)} </span>}
          {customer.name} <Text color="gray">({customer.crmid})</Text>
        </>
      )}
      adornment={chosen && withFlags ? <span aria-hidden>{flagOf(chosen)}</span> : undefined}
      noMatches={<Trans>No customer matches.</Trans>}
    />
  );
}
