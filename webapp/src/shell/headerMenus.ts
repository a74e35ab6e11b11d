/** The header's dropdown menus, one chunk that `HeaderMenu` loads on first use. */
export { AccountMenu } from "./AccountMenu";
export { InfoMenu } from "./InfoMenu";
export { LocaleMenu } from "./LocaleMenu";
