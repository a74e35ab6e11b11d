import { DropdownMenu } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A dropdown entry that navigates inside the app (keyboard and screen-reader friendly). */
export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}
