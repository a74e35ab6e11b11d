import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Select, Text } from "@radix-ui/themes";
import {
  isSelectable,
  LabelType,
  labelTypeKey,
  labelTypeName,
  labelTypeOf,
  labelTypes,
} from "../../../shipping/labelTypes";

/** The label-type select of the send and resend buttons: every type shown, only PDF and Zebra selectable. */
export function LabelTypeSelect({
  id,
  value,
  onChange,
  disabled = false,
}: {
  id: string;
  value: LabelType;
  onChange: (type: LabelType) => void;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Flex gap="2" align="center">
      <Text size="2" as="label" htmlFor={id}>
        <Trans>Label type</Trans>
      </Text>
      <Select.Root
        value={labelTypeKey(value)}
        onValueChange={(name) => onChange(labelTypeOf(name) ?? LabelType.PDF)}
        disabled={disabled}
      >
        <Select.Trigger id={id} />
        <Select.Content>
          {labelTypes.map((type) => (
            <Select.Item key={type} value={labelTypeKey(type)} disabled={!isSelectable(type)}>
              {labelTypeName(i18n, type)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
