import { Button } from "@radix-ui/themes";
import { ChevronDownIcon } from "@radix-ui/themes/components/icons";
import type { ComponentProps, ReactNode } from "react";
import { NavLabel } from "./NavLabel";

/** What a header menu's button shows: an icon, a label (only the icon on phones), and its name if not the label. */
export type MenuFace = { icon: ReactNode; label: ReactNode; name?: string };

/**
 * A header menu's button. The menu's trigger and the stand-in shown before
 * the menu's code arrives (`HeaderMenu`) look and read alike.
 */
export function MenuButton({ face, ...props }: { face: MenuFace } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" color="gray" highContrast aria-label={face.name} {...props}>
      {face.icon}
      <NavLabel>{face.label}</NavLabel>
      <ChevronDownIcon />
    </Button>
  );
}
