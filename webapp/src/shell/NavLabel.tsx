import type { ReactNode } from "react";

/**
 * The text of a header entry. On narrow screens only the icon stays visible,
 * but the text remains for screen readers, so the header fits on a phone.
 */
export function NavLabel({ children }: { children: ReactNode }) {
  return <span className="nav-label">{children}</span>;
}
