import { CheckCircledIcon } from "@radix-ui/react-icons";
import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A confirmation that the last action worked. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="green" role="status">
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
