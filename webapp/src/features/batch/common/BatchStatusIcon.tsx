import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, CrossCircledIcon, FileIcon, TrashIcon, UploadIcon } from "@radix-ui/react-icons";
import { Flex, Spinner, Text } from "@radix-ui/themes";
import type { Batch, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { statusIcon } from "../../../shipping/batchStatus";
import { batchStatusName } from "./batchStatusName";

/** The icon of a status; its name is the accessible label. */
export function StatusIconOf({ status }: { status: Batch_Status }) {
  const { i18n } = useLingui();
  const icon = statusIcon(status);
  const label = i18n._(batchStatusName(status));
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

/**
 * Status icon, name and, while a job works, how many shipments it has done
 * of how many. Once sent, it also says which rows the send or the manifest
 * left out and why, so "Manifest created 6 / 6" never hides three invalid rows.
 */
export function BatchStatus({ batch }: { batch: Batch }) {
  const { i18n, t } = useLingui();
  const progress = batch.totalShipments > 0 && (batch.inProgress || batch.processedShipments > 0);
  const sent = batch.sentAt !== undefined;
  const leftOut = [
    sent && batch.invalidRows > 0
      ? t`${plural(batch.invalidRows, { one: "# invalid row not sent", other: "# invalid rows not sent" })}`
      : null,
    sent && batch.errorShipments > 0
      ? t`${plural(batch.errorShipments, { one: "# shipment failed at the carrier", other: "# shipments failed at the carrier" })}`
      : null,
  ].filter((note): note is string => note !== null);
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <StatusIconOf status={batch.status} />
      <Text size="2">{i18n._(batchStatusName(batch.status))}</Text>
      {progress && (
        <Text size="1" color="gray" data-testid="batch-progress">
          {batch.processedShipments} / {batch.totalShipments}
        </Text>
      )}
      {leftOut.length > 0 && (
        <Text size="1" color="orange" data-testid="batch-left-out">
          {leftOut.join(" · ")}
        </Text>
      )}
    </Flex>
  );
}
