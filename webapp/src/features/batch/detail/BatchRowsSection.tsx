import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Flex, Switch, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { gridPageSize, useUpdateValidatedShipment, useValidatedShipments } from "../../../api/batches";
import { Pagination } from "../../../components/Pagination";
import type { Batch, ValidatedShipment } from "../../../gen/portal/v1/batches_pb";
import { PageLoading } from "../../../pages/PageLoading";
import { type GridColumn, gridColumnsOf, rowWithEdit } from "../../../shipping/gridColumns";
import { ValidatedGrid } from "../grid/ValidatedGrid";

type BatchRowsSectionProps = {
  batch: Batch;
};

/**
 * The grid with its banner (spec 2 §2.1): how many rows have validation
 * errors, a toggle to see only those, and the rows themselves, editable in
 * the statuses that allow it, a page of 100 at a time (spec 2 §9).
 */
export function BatchRowsSection({ batch }: BatchRowsSectionProps) {
  const { t } = useLingui();
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [page, setPage] = useState(0);
  const rows = useValidatedShipments(batch.id, { page, onlyInvalid });
  const update = useUpdateValidatedShipment(batch.id);
  const maxOrderLines = rows.data?.maxOrderLines ?? 0;
  const columns = useMemo(() => gridColumnsOf(maxOrderLines, batch.hasInvoice), [maxOrderLines, batch.hasInvoice]);
  const showOnlyInvalid = (only: boolean) => {
    setOnlyInvalid(only);
    setPage(0);
  };
  if (!rows.data) {
    if (!rows.isError) return <PageLoading />;
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
            <Switch checked={onlyInvalid} onCheckedChange={showOnlyInvalid} aria-label={t`Show only invalid rows`} />
            <Trans>Show only invalid rows</Trans>
          </Flex>
        </Text>
      </Flex>
      <ValidatedGrid
        // A new page starts at its top, with no cell open.
        key={`${page}:${onlyInvalid}`}
        rows={rows.data.rows}
        columns={columns}
        rowCount={rows.data.total}
        rowOffset={page * gridPageSize}
        editable={batch.actions?.gridEditable ?? false}
        onEdit={edit}
      />
      {rows.data.total > gridPageSize && (
        <Pagination page={page} size={gridPageSize} total={rows.data.total} onPageChange={setPage} />
      )}
    </Flex>
  );
}
