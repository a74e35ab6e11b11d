import { useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, CrossCircledIcon, FileIcon, TrashIcon, UploadIcon } from "@radix-ui/react-icons";
import { Flex, Spinner, Text } from "@radix-ui/themes";
import type { Batch, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { statusIcon } from "../../../shipping/batchStatus";
import { batchStatusNames } from "../../../shipping/statusNames";

/** The icon of a status; its name is the accessible label. */
export function StatusIconOf({ status }: { status: Batch_Status }) {
  const { i18n } = useLingui();
  const icon = statusIcon(status);
  const label = i18n._(batchStatusNames[status]);
  const glyph = {
    file: <FileIcon />,
    upload: <UploadIcon />,
    spinner: <Spinner size="1" />,
    check: <CheckCircledIcon color="var(--green-11)" />,
    cross: <CrossCircledIcon color="var(--red-11)" />,
    trash: <TrashIcon />,
    none: null,
  }[icon];
  return (
    <Flex asChild align="center">
      <span role="img" aria-label={label} data-icon={icon}>
        {glyph}
      </span>
    </Flex>
  );
}

/** Status icon, name and, while a job works, how many shipments it has done of how many. */
export function BatchStatus({ batch }: { batch: Batch }) {
  const { i18n } = useLingui();
  const progress = batch.totalShipments > 0 && (batch.inProgress || batch.processedShipments > 0);
  return (
    <Flex align="center" gap="2">
      <StatusIconOf status={batch.status} />
      <Text size="2">{i18n._(batchStatusNames[batch.status])}</Text>
      {progress && (
        <Text size="1" color="gray" data-testid="batch-progress">
          {batch.processedShipments} / {batch.totalShipments}
        </Text>
      )}
    </Flex>
  );
}
