import { Trans } from "@lingui/react/macro";
import { Flex, Select, Text } from "@radix-ui/themes";
import { isSelectable, labelTypeName, labelTypes } from "../../../shipping/labelTypes";

/** The label-type select of the send and resend buttons: every type shown, only PDF and Zebra selectable. */
export function LabelTypeSelect({
  id,
  value,
  onChange,
  disabled = false,
}: {
  id: string;
  value: string;
  onChange: (type: string) => void;
  disabled?: boolean;
}) {
  return (
    <Flex gap="2" align="center">
      <Text size="2" as="label" htmlFor={id}>
        <Trans>Label type</Trans>
      </Text>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger id={id} />
        <Select.Content>
          {labelTypes.map((type) => (
            <Select.Item key={type} value={type} disabled={!isSelectable(type)}>
              {labelTypeName(type)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
