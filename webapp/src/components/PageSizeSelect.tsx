import { Trans } from "@lingui/react/macro";
import { Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";

type PageSizeSelectProps = {
  sizes: readonly number[];
  size: number;
  onChange: (size: number) => void;
};

/** 'Items per page' of a server-paged list. */
export function PageSizeSelect({ sizes, size, onChange }: PageSizeSelectProps) {
  const id = useId();
  return (
    <Flex gap="2" align="center">
      <Text size="2" as="label" htmlFor={id}>
        <Trans>Items per page</Trans>
      </Text>
      <Select.Root value={String(size)} onValueChange={(next) => onChange(Number(next))}>
        <Select.Trigger id={id} />
        <Select.Content>
          {sizes.map((option) => (
            <Select.Item key={option} value={String(option)}>
              {option}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
