import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, CrossCircledIcon, MinusCircledIcon } from "@radix-ui/react-icons";
import { Flex, Link as RadixLink, SegmentedControl, Table, Text, Tooltip } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { ShipmentFilter } from "../api/batches";
import type { BatchShipment } from "../gen/portal/v1/batches_pb";
import { formatTimestamp } from "../i18n/format";
import { labelTypeName } from "./labelTypes";
import { failureText } from "./violationText";
import { ShipmentIdentifier } from "./ShipmentIdentifier";
import { filterName, shipmentFilters } from "./shipmentFilters";

/**
 * The pieces both shipment tables share (the /shipment list and a batch's
 * Shipments tab, spec 2 §2.2): the ALL / CHANGED / ERROR filter, the column
 * headers and cells of a shipment, and its result.
 */

export function ShipmentFilterControl({
  value,
  onChange,
}: {
  value: ShipmentFilter;
  onChange: (filter: ShipmentFilter) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <SegmentedControl.Root
      value={value}
      aria-label={t`Shipment filter`}
      onValueChange={(next) => onChange(next as ShipmentFilter)}
    >
      {shipmentFilters.map((filter) => (
        <SegmentedControl.Item key={filter} value={filter}>
          {filterName(i18n, filter)}
        </SegmentedControl.Item>
      ))}
    </SegmentedControl.Root>
  );
}

/** Headers for the shipment columns, between what a table puts first and last. */
export function ShipmentColumns({ before, after }: { before?: ReactNode; after?: ReactNode }) {
  return (
    <>
      {before}
      <Table.ColumnHeaderCell>
        <Trans>Reference number</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Identifier</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Receiver</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Product</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Destination</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Submitted at</Trans>
      </Table.ColumnHeaderCell>
      <Table.ColumnHeaderCell>
        <Trans>Label type</Trans>
      </Table.ColumnHeaderCell>
      {after}
      <Table.ColumnHeaderCell>
        <Trans>Result</Trans>
      </Table.ColumnHeaderCell>
    </>
  );
}

/** The cells under ShipmentColumns from the identifier to the label type; the reference cell is the table's. */
export function ShipmentCells({ shipment }: { shipment: BatchShipment }) {
  return (
    <>
      <Table.Cell>
        <ShipmentIdentifier shipment={shipment} />
      </Table.Cell>
      <Table.Cell>{shipment.receiverName}</Table.Cell>
      <Table.Cell>{shipment.product}</Table.Cell>
      <Table.Cell>{shipment.destination}</Table.Cell>
      <Table.Cell>{formatTimestamp(shipment.submittedAt)}</Table.Cell>
      <Table.Cell>{shipment.labelType && labelTypeName(shipment.labelType)}</Table.Cell>
    </>
  );
}

/**
 * A check for a label, a red cross with the failure as tooltip, a dash when
 * cancelled. `spelledOut` (the shipment's own page) writes the words beside
 * the icon, so the reason of a failure is read without hovering.
 */
export function ShipmentResult({ shipment, spelledOut = false }: { shipment: BatchShipment; spelledOut?: boolean }) {
  const { t, i18n } = useLingui();
  const failed = !shipment.cancelled && !shipment.success;
  const message = failed ? failureText(i18n, shipment.errorMessage, shipment.errorParams) || t`Not sent` : "";
  const words = failed ? message : shipment.cancelled ? t`Cancelled` : t`Labelled`;
  if (spelledOut) {
    return (
      <Flex gap="2" align="center">
        <ResultIcon shipment={shipment} />
        <Text color={failed ? "red" : undefined}>{words}</Text>
      </Flex>
    );
  }
  if (!failed) {
    return (
      <span role="img" aria-label={words}>
        <ResultIcon shipment={shipment} />
      </span>
    );
  }
  return (
    <Tooltip content={message}>
      <RadixLink asChild color="red">
        <span role="img" aria-label={t`Failed: ${message}`} tabIndex={0}>
          <ResultIcon shipment={shipment} />
        </span>
      </RadixLink>
    </Tooltip>
  );
}

function ResultIcon({ shipment }: { shipment: BatchShipment }) {
  if (shipment.cancelled) return <MinusCircledIcon aria-hidden />;
  if (shipment.success) return <CheckCircledIcon aria-hidden color="var(--green-11)" />;
  return <CrossCircledIcon aria-hidden color="var(--red-11)" />;
}
