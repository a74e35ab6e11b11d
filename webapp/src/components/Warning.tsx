import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** The amber notice that stands where content would be: nothing found, or what to do first. */
export function Warning({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="amber" role="alert">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
