import { Trans } from "@lingui/react/macro";
import { FileTextIcon } from "@radix-ui/react-icons";
import { Button, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { Printable } from "./port";
import { PrintProgress } from "./PrintProgress";
import { usePrintLabels } from "./usePrintLabels";
import { labelLockMs, useLock } from "./useLock";

/**
 * A button that prints stored ZPL labels on the user's printer. Locked for
 * 5 s after a click (spec 2 §4.4), with progress while many labels go out.
 */
export function PrintLabelsButton({ labels, children }: { labels: Printable; children?: ReactNode }) {
  const printing = usePrintLabels();
  const [locked, lock] = useLock(labelLockMs);
  return (
    <Flex gap="2" align="center">
      <Button
        variant="soft"
        disabled={locked || printing.printing}
        loading={printing.printing}
        onClick={async () => {
          lock();
          await printing.printLabels(labels);
        }}
      >
        <FileTextIcon />
        {children ?? <Trans>Print label</Trans>}
      </Button>
      <PrintProgress progress={printing.progress} />
    </Flex>
  );
}
