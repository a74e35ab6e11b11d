import { Trans } from "@lingui/react/macro";
import { Flex, Progress, Text } from "@radix-ui/themes";
import type { PrintProgressState } from "./usePrintLabels";

/** How far a print of many labels is (spec: progress for large batches). */
export function PrintProgress({ progress }: { progress: PrintProgressState | null }) {
  if (!progress) return null;
  const { done, total } = progress;
  if (total === 0) {
    // The printer and the labels are still being looked up, or the server sends them.
    return (
      <Flex direction="column" gap="1" role="status" aria-live="polite" style={{ minWidth: 220 }}>
        <Text size="1">
          <Trans>Printing labels…</Trans>
        </Text>
        <Progress />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="1" role="status" aria-live="polite" style={{ minWidth: 220 }}>
      <Text size="1">
        <Trans>
          Printing labels: {done} of {total}
        </Trans>
      </Text>
      <Progress value={total ? (done * 100) / total : 0} />
    </Flex>
  );
}
