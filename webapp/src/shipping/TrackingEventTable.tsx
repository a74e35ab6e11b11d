import { Trans, useLingui } from "@lingui/react/macro";
import { Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { formatDateTime } from "../i18n/format";
import { statusLabel } from "./trackingSteps";

/** One event as tracking's dialog and the dashboard's tracking box list it. */
export type TrackingEventRow = {
  /** When, RFC 3339; empty when unknown. */
  time: string;
  /** The harmonized code, shown by its label. */
  code: string;
  location: string;
  /** Shown after the event's label (a customer-service badge, the carrier's words). */
  note?: ReactNode;
  /** Cells of the extra columns, in their order. */
  extra?: ReactNode[];
};

const when = (stamp: string) => (stamp ? formatDateTime(new Date(stamp)) : "–");

/** A parcel's events: time, event and location, and the caller's extra columns (spec 3 §2, §3). */
export function TrackingEventTable({
  events,
  extraHeaders = [],
  label,
}: {
  events: TrackingEventRow[];
  extraHeaders?: ReactNode[];
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <Table.Root size="1" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            <Trans>Time</Trans>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <Trans>Event</Trans>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <Trans>Location</Trans>
          </Table.ColumnHeaderCell>
          {extraHeaders.map((header, index) => (
            <Table.ColumnHeaderCell key={index}>{header}</Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {events.map((event, index) => {
          const name = statusLabel(event.code);
          return (
            <Table.Row key={index}>
              <Table.Cell>{when(event.time)}</Table.Cell>
              <Table.Cell>
                {name ? t(name) : event.code}
                {event.note && <> {event.note}</>}
              </Table.Cell>
              <Table.Cell>{event.location || "–"}</Table.Cell>
              {event.extra?.map((cell, i) => (
                <Table.Cell key={i}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
