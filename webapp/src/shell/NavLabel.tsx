import type { ReactNode } from "react";

/**
 * The text of a header entry. On narrow screens only the icon stays visible,
 * but the text remains for screen readers, so the header fits on a phone.
 * A `wide` label (the admin menu's) gives way earlier, as spec 1 §2 asks.
 */
export function NavLabel({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <span className={wide ? "nav-label nav-label-wide" : "nav-label"}>{children}</span>;
}
