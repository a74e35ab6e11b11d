import { Trans } from "@lingui/react/macro";
import { Button, Checkbox, Dialog, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useSetConsent } from "../../api/customers";

/** The commercial-invoice pricing dialog (spec 3 §2, §4): only for chargeable customers. */
export function CiPricingDialog({ customerId, onClose }: { customerId: bigint; onClose: () => void }) {
  const accept = useSetConsent();
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>
          <Trans>Commercial invoice pricing</Trans>
        </Dialog.Title>
        <Flex direction="column" gap="2">
          <Text as="p" size="2">
            <Trans>
              For shipments outside the customs union the portal creates the commercial invoice. This service is charged
              per invoice at the price of your price list and invoiced monthly with your shipments.
            </Trans>
          </Text>
          <Text as="p" size="2">
            <Trans>
              You remain responsible for the correctness of the goods description, the values and the customs data you
              transmit.
            </Trans>
          </Text>
        </Flex>
        <Flex direction="column" gap="3" mt="4">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={ticked} onCheckedChange={(on) => setTicked(on === true)} />
              <Trans>I accept the commercial invoice pricing.</Trans>
            </Flex>
          </Text>
          <Flex gap="3" justify="end">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                <Trans>Cancel</Trans>
              </Button>
            </Dialog.Close>
            <Button
              disabled={!ticked}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate({ id: customerId, kind: "ciPricing", accepted: true }, { onSettled: () => onClose() })
              }
            >
              <Trans>Accept</Trans>
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
