import type { MenuFace } from "./MenuButton";

/** What a header menu gets from `HeaderMenu`: its button's face, and whether it opens or takes the focus at once. */
export type HeaderMenuProps = {
  face: MenuFace;
  /** The user pressed the stand-in before the menu's code had arrived. */
  defaultOpen?: boolean;
  /** The stand-in had the focus: the real button takes it over. */
  autoFocus?: boolean;
};
