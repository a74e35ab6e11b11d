import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Code, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { type AuditsRequest, useAudits } from "../../../api/management";
import { type DataColumn, DataTable, type SortOrder } from "../../../components/DataTable";
import { DateInput } from "../../../components/form/DateInput";
import type { AuditEvent } from "../../../gen/portal/v1/management_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";

export const auditsPageSize = 20;

/** A day as the audits call takes it (YYYY-MM-DD, UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The audits page's first request: the last thirty days up to today, newest first. */
export function initialAuditsRequest(today: Date): AuditsRequest {
  const from = new Date(today);
  from.setUTCDate(from.getUTCDate() - 30);
  return { page: 0, size: auditsPageSize, sort: "timestamp,desc", fromDate: isoDay(from), toDate: isoDay(today) };
}

const failureTypes = /FAILURE|DELETED|CANCELLED/;

/**
 * /admin/audits: the audit log (who did what, when and from where) between
 * two days, sorted and paged by the server.
 */
export function AuditsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.audits));
  const [request, setRequest] = useState<AuditsRequest>(() => initialAuditsRequest(new Date()));
  const audits = useAudits(request);
  const [field, direction] = request.sort.split(",");
  const order: SortOrder = { field, direction: direction === "asc" ? "asc" : "desc" };
  const columns: DataColumn<AuditEvent>[] = [
    {
      id: "timestamp",
      header: t`When`,
      enableSorting: true,
      cell: ({ row }) => formatTimestamp(row.original.timestamp),
    },
    {
      id: "principal",
      header: t`Who`,
      enableSorting: true,
      meta: { rowHeader: true },
      cell: ({ row }) => row.original.principal,
    },
    {
      id: "type",
      header: t`What`,
      enableSorting: true,
      cell: ({ row }) => (
        <Badge variant="soft" color={failureTypes.test(row.original.type) ? "amber" : "blue"}>
          {row.original.type}
        </Badge>
      ),
    },
    { id: "remoteAddress", header: t`From where`, cell: ({ row }) => row.original.remoteAddress || "–" },
    {
      id: "data",
      header: t`Details`,
      cell: ({ row }) => (
        <Flex gap="2" wrap="wrap">
          {Object.entries(row.original.data)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => (
              <Code key={key} variant="ghost" size="1">
                {key}={value}
              </Code>
            ))}
        </Flex>
      ),
    },
  ];
  const setDay = (name: "fromDate" | "toDate", value: string) => setRequest((r) => ({ ...r, [name]: value, page: 0 }));
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.audits)}
        </Heading>
        <Flex gap="4" align="end" wrap="wrap">
          <DayField
            label={t`From`}
            value={request.fromDate}
            max={request.toDate}
            onChange={(day) => setDay("fromDate", day)}
          />
          <DayField
            label={t`To`}
            value={request.toDate}
            min={request.fromDate}
            onChange={(day) => setDay("toDate", day)}
          />
        </Flex>
        <DataTable
          items={audits.data?.audits}
          failed={audits.isError}
          busy={audits.isFetching}
          columns={columns}
          rowId={(e) => String(e.id)}
          sort={{ order, onSort: (o) => setRequest((r) => ({ ...r, sort: `${o.field},${o.direction}`, page: 0 })) }}
          empty={
            <Text size="2" color="gray" role="status">
              <Trans>No audit events between these days.</Trans>
            </Text>
          }
          pagination={{
            page: request.page,
            size: request.size,
            total: audits.data?.totalCount ?? 0,
            onPageChange: (page) => setRequest((r) => ({ ...r, page })),
          }}
        />
      </Flex>
    </Container>
  );
}

/** One end of the date range: a labelled day field. */
function DayField({
  label,
  onChange,
  ...bounds
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <label>
      <Text as="div" size="2" weight="medium" mb="1">
        {label}
      </Text>
      <DateInput {...bounds} onChange={onChange} />
    </label>
  );
}
