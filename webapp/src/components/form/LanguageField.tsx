import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Select } from "@radix-ui/themes";
import { localeNames, supportedLocales } from "../../i18n/locales";
import { Field } from "./Field";

type LanguageFieldProps = {
  /** The chosen locale key (`langKey`). */
  value: string;
  onValueChange: (value: string) => void;
  error?: MessageDescriptor | null;
};

/**
 * The language of a login, as registration, the profile and the user
 * management ask for it: one choice per shipped catalog, each named in itself.
 */
export function LanguageField({ value, onValueChange, error }: LanguageFieldProps) {
  const { t } = useLingui();
  return (
    <Field label={t`Language`} error={error}>
      {(control) => (
        <Select.Root value={value} onValueChange={onValueChange}>
          <Select.Trigger {...control} />
          <Select.Content>
            {supportedLocales.map((locale) => (
              <Select.Item key={locale} value={locale}>
                {localeNames[locale]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </Field>
  );
}
