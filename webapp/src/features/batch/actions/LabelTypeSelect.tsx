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

/**
 * The label-type select of the send and resend buttons: PDF and Zebra (spec 2 §3: only they can be chosen; a
 * printer's resolution belongs to the printer settings). A batch sent with another type shows it, not to be chosen.
 */
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
          {labelTypes
            .filter((type) => isSelectable(type) || type === value)
            .map((type) => (
              <Select.Item key={type} value={labelTypeKey(type)} disabled={!isSelectable(type)}>
                {labelTypeName(i18n, type)}
              </Select.Item>
            ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
