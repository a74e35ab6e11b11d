import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Flex, Switch, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { useUpdateValidatedShipment } from "../../../api/batches";
import type { Batch, ValidatedShipment } from "../../../gen/portal/v1/batches_pb";
import { PageLoading } from "../../../pages/PageLoading";
import { type GridColumn, rowWithEdit } from "../../../shipping/gridColumns";
import { ValidatedGrid } from "../grid/ValidatedGrid";

type BatchRowsSectionProps = {
  batch: Batch;
  /** The rows, once read. */
  rows: ValidatedShipment[] | undefined;
  /** Reading them failed (a toast said why). */
  failed: boolean;
};

/**
 * The grid with its banner (spec 2 §2.1): how many rows have validation
 * errors, a toggle to see only those, and the rows themselves, editable in
 * the statuses that allow it.
 */
export function BatchRowsSection({ batch, rows, failed }: BatchRowsSectionProps) {
  const { t } = useLingui();
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const update = useUpdateValidatedShipment(batch.id);
  const shown = useMemo(() => (rows && onlyInvalid ? rows.filter((row) => !row.valid) : rows), [rows, onlyInvalid]);
  if (!rows || !shown) {
    if (!failed) return <PageLoading />;
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          <Trans>The rows of the file could not be loaded.</Trans>
        </Callout.Text>
      </Callout.Root>
    );
  }
  const invalid = batch.invalidRows;
  const rowCount = batch.rowCount;
  const edit = (row: ValidatedShipment, column: GridColumn, value: string) =>
    update.mutateAsync({ shipmentId: row.id, values: rowWithEdit(row, column, value) }).catch(() => undefined);
  return (
    <Flex direction="column" gap="3">
      <Flex gap="4" align="center" wrap="wrap" justify="between">
        {invalid > 0 ? (
          <Callout.Root color="red" size="1" role="status">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <Plural
                value={invalid}
                one={`# of ${rowCount} rows has validation errors.`}
                other={`# of ${rowCount} rows have validation errors.`}
              />
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Callout.Root color="green" size="1" role="status">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              <Plural value={rowCount} one="The row is valid." other="All # rows are valid." />
            </Callout.Text>
          </Callout.Root>
        )}
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch checked={onlyInvalid} onCheckedChange={setOnlyInvalid} aria-label={t`Show only invalid rows`} />
            <Trans>Show only invalid rows</Trans>
          </Flex>
        </Text>
      </Flex>
      <ValidatedGrid rows={shown} allRows={rows} editable={batch.actions?.gridEditable ?? false} onEdit={edit} />
    </Flex>
  );
}
