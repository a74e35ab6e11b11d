import { Trans } from "@lingui/react/macro";
import { Badge, Flex, Text } from "@radix-ui/themes";
import type { Hub } from "../../gen/portal/v1/tenants_pb";
import { addressLine } from "../../i18n/format";

/** One hub with its address; the default hub is highlighted (spec 3 §2). */
export function HubAddress({ hub }: { hub: Hub }) {
  return (
    <Flex
      direction="column"
      gap="1"
      p="2"
      data-testid="hub"
      data-default={hub.isDefault ? "true" : "false"}
      style={hub.isDefault ? { background: "var(--accent-a3)", borderRadius: "var(--radius-2)" } : undefined}
    >
      <Flex gap="2" align="center">
        <Text size="2" weight={hub.isDefault ? "bold" : "medium"}>
          {hub.name}
        </Text>
        {hub.isDefault && (
          <Badge color="green">
            <Trans>Default</Trans>
          </Badge>
        )}
      </Flex>
      <Text size="1" color="gray">
        {addressLine(hub)}
      </Text>
    </Flex>
  );
}
