import { Trans } from "@lingui/react/macro";
import { Select } from "@radix-ui/themes";
import { Field } from "../components/form/Field";

/** A printer's resolution: 203 dpi prints ZPL (Zebra) labels, 300 dpi ZPL (Zebra300) ones. */
export function DpiSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (dpi: string) => void;
  disabled?: boolean;
}) {
  return (
    <Field label={<Trans>Resolution</Trans>}>
      {(control) => (
        <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
          <Select.Trigger {...control} />
          <Select.Content>
            <Select.Item value="203">203 dpi (ZPL)</Select.Item>
            <Select.Item value="300">300 dpi (ZPL Zebra300)</Select.Item>
          </Select.Content>
        </Select.Root>
      )}
    </Field>
  );
}
