import { Trans, useLingui } from "@lingui/react/macro";
import { DataList, ScrollArea, Table, Text } from "@radix-ui/themes";
import type { ReportRow } from "../../gen/portal/v1/reports_pb";
import { orderLineFields } from "../../shipping/gridColumns";
import { orderLineText } from "../../shipping/shipmentCells";
import { orderLineLabel } from "../../shipping/fieldLabels";
import { ReportDetailsDialog, rowName } from "./ReportDetailsDialog";

/** The customs details of a report row (spec 2 §2.4, §7): its order lines and their currency. */
export function CustomsDetailsDialog({ row, onClose }: { row: ReportRow; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const name = rowName(row);
  return (
    <ReportDetailsDialog row={row} title={<Trans>Customs details of {name}</Trans>} onClose={onClose}>
      {(details) => (
        <>
          <DataList.Root mb="3">
            <DataList.Item>
              <DataList.Label>
                <Trans>Currency</Trans>
              </DataList.Label>
              <DataList.Value>{details.currency || "–"}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          {details.orderLines.length === 0 ? (
            <Text size="2" color="gray">
              <Trans>The shipment has no order lines.</Trans>
            </Text>
          ) : (
            <ScrollArea type="auto" scrollbars="horizontal">
              <Table.Root size="1" aria-label={t`Order lines`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>#</Table.ColumnHeaderCell>
                    {orderLineFields.map((field) => (
                      <Table.ColumnHeaderCell key={field}>{orderLineLabel(i18n, field)}</Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {details.orderLines.map((line, index) => (
                    <Table.Row key={index}>
                      <Table.RowHeaderCell>{index + 1}</Table.RowHeaderCell>
                      {orderLineFields.map((field) => (
                        <Table.Cell key={field}>{orderLineText(line.fields, field) || "–"}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollArea>
          )}
        </>
      )}
    </ReportDetailsDialog>
  );
}
