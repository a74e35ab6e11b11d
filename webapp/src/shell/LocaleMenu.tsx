import { useLingui } from "@lingui/react/macro";
import { GlobeIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { activateLocale } from "../i18n/activateLocale";
import { isSupportedLocale, localeNames, supportedLocales } from "../i18n/locales";
import { NavLabel } from "./NavLabel";

/** Switches the language at once; the choice is kept for the browser session. */
export function LocaleMenu() {
  const { i18n, t } = useLingui();
  const current = isSupportedLocale(i18n.locale) ? i18n.locale : "en";
  const language = localeNames[current];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" highContrast aria-label={t`Language: ${language}`}>
          <GlobeIcon />
          <NavLabel>{language}</NavLabel>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.RadioGroup value={current}>
          {supportedLocales.map((locale) => (
            <DropdownMenu.RadioItem
              key={locale}
              value={locale}
              lang={locale}
              onSelect={() => void activateLocale(locale)}
            >
              {localeNames[locale]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
