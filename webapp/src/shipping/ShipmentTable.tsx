import { useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, CrossCircledIcon, MinusCircledIcon } from "@radix-ui/react-icons";
import { Flex, Link as RadixLink, SegmentedControl, Text, Tooltip } from "@radix-ui/themes";
import { enumNameOf, enumValueOf } from "../api/enums";
import type { DataColumn } from "../components/DataTable";
import type { BatchShipment } from "../gen/portal/v1/batches_pb";
import { ShipmentFilter_Value as ShipmentFilter } from "../gen/portal/v1/vocabulary_pb";
import { formatTimestamp } from "../i18n/formatTimestamp";
import { labelTypeName } from "./labelTypes";
import { failureText } from "./violationText";
import { ShipmentIdentifier } from "./ShipmentIdentifier";
import { filterName, shipmentFilters } from "./shipmentFilters";

/**
 * The pieces both shipment tables share (the /shipment list and a batch's
 * Shipments tab, spec 2 §2.2): the ALL / CHANGED / ERROR filter, the
 * columns of a shipment, and its result.
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
      value={enumNameOf(ShipmentFilter, value)}
      aria-label={t`Shipment filter`}
      onValueChange={(next) => onChange(enumValueOf(ShipmentFilter, next) ?? ShipmentFilter.ALL)}
    >
      {shipmentFilters.map((filter) => (
        <SegmentedControl.Item key={filter} value={enumNameOf(ShipmentFilter, filter)}>
          {filterName(i18n, filter)}
        </SegmentedControl.Item>
      ))}
    </SegmentedControl.Root>
  );
}

/**
 * The shipment columns from the reference number to the result: the table's
 * own reference column first, its `extra` columns before the result.
 */
export function useShipmentColumns(
  reference: DataColumn<BatchShipment>,
  extra: DataColumn<BatchShipment>[] = [],
): DataColumn<BatchShipment>[] {
  const { t, i18n } = useLingui();
  return [
    reference,
    { id: "identifier", header: t`Identifier`, cell: ({ row }) => <ShipmentIdentifier shipment={row.original} /> },
    { id: "receiver", header: t`Receiver`, cell: ({ row }) => row.original.receiverName },
    { id: "product", header: t`Product`, cell: ({ row }) => row.original.product },
    { id: "destination", header: t`Destination`, cell: ({ row }) => row.original.destination },
    { id: "submittedAt", header: t`Submitted at`, cell: ({ row }) => formatTimestamp(row.original.submittedAt) },
    {
      id: "labelType",
      header: t`Label type`,
      cell: ({ row }) => (row.original.labelType ? labelTypeName(i18n, row.original.labelType) : ""),
    },
    ...extra,
    { id: "result", header: t`Result`, cell: ({ row }) => <ShipmentResult shipment={row.original} /> },
  ];
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
