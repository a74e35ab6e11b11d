import { useLingui } from "@lingui/react";
import { DropdownMenu } from "@radix-ui/themes";
import { activateLocale } from "../i18n/activateLocale";
import { isSupportedLocale, localeNames, supportedLocales } from "../i18n/locales";
import { MenuButton } from "./MenuButton";
import type { HeaderMenuProps } from "./menuProps";

/** Switches the language at once; the choice is kept for the browser session. */
export function LocaleMenu({ face, defaultOpen, autoFocus }: HeaderMenuProps) {
  const { i18n } = useLingui();
  const current = isSupportedLocale(i18n.locale) ? i18n.locale : "en";
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        <MenuButton face={face} autoFocus={autoFocus} />
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
