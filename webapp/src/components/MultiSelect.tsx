import { Trans } from "@lingui/react/macro";
import { Badge, Button, DropdownMenu, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";

type MultiSelectProps = {
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  labelOf?: (option: string) => ReactNode;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** Spec 1 §9: the multi-select menu is at most 224 px high and 200 px wide. */
const menuStyle = { maxHeight: 224, width: 200 };

/**
 * The shared multi-select (spec 1 §2): a menu of ticks that stays open while
 * the user picks, with the chosen values shown as badges beside it.
 */
export function MultiSelect({ options, value, onChange, labelOf = (option) => option, ...control }: MultiSelectProps) {
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? options.filter((o) => o === option || value.includes(o)) : value.filter((v) => v !== option));
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button type="button" variant="surface" color="gray" {...control}>
            <Trans>Choose…</Trans>
            <DropdownMenu.TriggerIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content style={menuStyle}>
          {options.map((option) => (
            <DropdownMenu.CheckboxItem
              key={option}
              checked={value.includes(option)}
              onCheckedChange={(checked) => toggle(option, checked)}
              onSelect={(event) => event.preventDefault()}
            >
              {labelOf(option)}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {value.map((option) => (
        <Badge key={option} variant="soft">
          {labelOf(option)}
        </Badge>
      ))}
    </Flex>
  );
}
