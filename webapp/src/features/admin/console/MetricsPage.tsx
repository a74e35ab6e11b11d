import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Button, Card, Code, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useMetrics, useThreadDump } from "../../../api/management";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import type { GoroutineGroup, QueueFigure, RequestFigure } from "../../../gen/portal/v1/management_pb";
import { formatDecimal, formatNumber } from "../../../i18n/format";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";
import { PageLoading } from "../../../pages/PageLoading";
import { formatBytes, formatUptime, procedureName } from "./figures";
import { appendSample, Sparkline } from "./Sparkline";

/** How often the metrics page reads the figures again. */
export const metricsRefreshMs = 5000;

type History = { heap: number[]; goroutines: number[]; requests: number[] };

/**
 * /admin/metrics: the portal's figures, read again every five seconds, with
 * small charts of the last readings: the Go runtime, the job queues, HTTP
 * requests, RPC calls, carrier calls, the database pool and the session
 * cache; and the goroutines on request.
 */
export function MetricsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.metrics));
  const metrics = useMetrics(metricsRefreshMs);
  const [history, setHistory] = useState<History>({ heap: [], goroutines: [], requests: [] });
  const m = metrics.data;
  // Each new reading adds to the charts (state adjusted while rendering, not in an effect).
  const [charted, setCharted] = useState<typeof m>(undefined);
  if (m && m !== charted) {
    setCharted(m);
    const requests = m.httpRequests.reduce((sum, f) => sum + f.count, 0);
    setHistory((h) => ({
      heap: appendSample(h.heap, m.runtime?.heapAllocBytes ?? 0),
      goroutines: appendSample(h.goroutines, m.runtime?.goroutines ?? 0),
      requests: appendSample(h.requests, requests),
    }));
  }
  const number = (value: number) => formatNumber(value, i18n.locale);
  const ms = (value: number) => formatDecimal(value, i18n.locale);

  const requestColumns = (
    nameHeader: string,
    outcomeHeader: string,
    withMethod: boolean,
  ): DataColumn<RequestFigure>[] => [
    {
      id: "name",
      header: nameHeader,
      meta: { rowHeader: true },
      cell: ({ row }) => <Code variant="ghost">{procedureName(row.original.name)}</Code>,
    },
    ...(withMethod
      ? [{ id: "method", header: t`Method`, cell: ({ row }) => row.original.method } as DataColumn<RequestFigure>]
      : []),
    { id: "outcome", header: outcomeHeader, cell: ({ row }) => <OutcomeBadge outcome={row.original.outcome} /> },
    { id: "count", header: t`Count`, cell: ({ row }) => number(row.original.count) },
    { id: "mean", header: t`Mean (ms)`, cell: ({ row }) => ms(row.original.meanMs) },
  ];
  const queueColumns: DataColumn<QueueFigure>[] = [
    { id: "name", header: t`Queue`, meta: { rowHeader: true }, cell: ({ row }) => row.original.name },
    { id: "pending", header: t`Pending`, cell: ({ row }) => number(row.original.pending) },
    { id: "active", header: t`Active`, cell: ({ row }) => number(row.original.active) },
    { id: "retry", header: t`Retried`, cell: ({ row }) => number(row.original.retry) },
    { id: "failed", header: t`Failed`, cell: ({ row }) => number(row.original.failed) },
    { id: "scheduled", header: t`Scheduled`, cell: ({ row }) => number(row.original.scheduled) },
    { id: "processed", header: t`Done today`, cell: ({ row }) => number(row.original.processedToday) },
  ];

  if (!m) {
    return (
      <Container size="4" px="4" py="6">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.metrics)}
        </Heading>
        {metrics.isError ? null : <PageLoading />}
      </Container>
    );
  }
  const rt = m.runtime;
  const cacheLookups = (m.sessionCache?.hits ?? 0) + (m.sessionCache?.misses ?? 0);
  const byCount = (figures: RequestFigure[]) => [...figures].sort((a, b) => b.count - a.count);
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="5">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.metrics)}
          </Heading>
          <Text size="2" color="gray" role="status">
            <Trans>Refreshed every {metricsRefreshMs / 1000} seconds</Trans>
          </Text>
        </Flex>
        <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3">
          <Figure label={t`Heap in use`} value={formatBytes(rt?.heapAllocBytes ?? 0, i18n.locale)}>
            <Sparkline values={history.heap} label={t`Heap in use over the last readings`} />
          </Figure>
          <Figure label={t`Goroutines`} value={number(rt?.goroutines ?? 0)}>
            <Sparkline values={history.goroutines} label={t`Goroutines over the last readings`} />
          </Figure>
          <Figure label={t`HTTP requests`} value={number(history.requests.at(-1) ?? 0)}>
            <Sparkline values={history.requests} label={t`HTTP requests over the last readings`} />
          </Figure>
          <Figure label={t`Uptime`} value={formatUptime(rt?.uptimeSeconds ?? 0)}>
            <Text size="1" color="gray">
              <Trans>
                {number(rt?.threads ?? 0)} threads, {ms(rt?.cpuSeconds ?? 0)} s CPU
              </Trans>
            </Text>
          </Figure>
        </Grid>
        <Grid columns={{ initial: "1", md: "3" }} gap="3">
          <Card>
            <Heading as="h2" size="3" mb="2">
              <Trans>Memory and garbage collection</Trans>
            </Heading>
            <Facts
              rows={[
                [t`Heap obtained`, formatBytes(rt?.heapSysBytes ?? 0, i18n.locale)],
                [t`Memory obtained`, formatBytes(rt?.sysBytes ?? 0, i18n.locale)],
                [t`Heap objects`, number(rt?.heapObjects ?? 0)],
                [t`Collections`, number(rt?.gcCount ?? 0)],
                [t`Pause total (ms)`, ms((rt?.gcPauseSeconds ?? 0) * 1000)],
              ]}
            />
          </Card>
          <Card>
            <Heading as="h2" size="3" mb="2">
              <Trans>Database pool</Trans>
            </Heading>
            <Facts
              rows={[
                [t`In use`, number(m.database?.acquired ?? 0)],
                [t`Idle`, number(m.database?.idle ?? 0)],
                [t`Open / largest`, `${number(m.database?.total ?? 0)} / ${number(m.database?.max ?? 0)}`],
                [t`Handed out`, number(m.database?.acquireCount ?? 0)],
                [t`Waited for`, number(m.database?.emptyAcquireCount ?? 0)],
              ]}
            />
          </Card>
          <Card>
            <Heading as="h2" size="3" mb="2">
              <Trans>Session cache</Trans>
            </Heading>
            <Facts
              rows={[
                [t`Hits`, number(m.sessionCache?.hits ?? 0)],
                [t`Misses`, number(m.sessionCache?.misses ?? 0)],
                [
                  t`Hit ratio`,
                  cacheLookups === 0
                    ? "–"
                    : `${formatDecimal(((m.sessionCache?.hits ?? 0) / cacheLookups) * 100, i18n.locale)} %`,
                ],
              ]}
            />
          </Card>
        </Grid>
        <Section title={t`Job queues`}>
          <DataTable items={m.queues} columns={queueColumns} rowId={(q) => q.name} size="1" empty={<None />} />
        </Section>
        <Section title={t`HTTP requests`}>
          <DataTable
            items={byCount(m.httpRequests)}
            columns={requestColumns(t`Route`, t`Status`, true)}
            rowId={(f) => `${f.name} ${f.method} ${f.outcome}`}
            size="1"
            empty={<None />}
          />
        </Section>
        <Section title={t`RPC calls`}>
          <DataTable
            items={byCount(m.rpcCalls)}
            columns={requestColumns(t`Procedure`, t`Code`, false)}
            rowId={(f) => `${f.name} ${f.outcome}`}
            size="1"
            empty={<None />}
          />
        </Section>
        <Section title={t`Carrier calls`}>
          <DataTable
            items={byCount(m.carrierCalls)}
            columns={requestColumns(t`Operation`, t`Outcome`, false)}
            rowId={(f) => `${f.name} ${f.outcome}`}
            size="1"
            empty={<None />}
          />
        </Section>
        <ThreadDump />
      </Flex>
    </Container>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: React.ReactNode }) {
  return (
    <Card>
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          {label}
        </Text>
        <Text size="6" weight="bold" aria-label={label}>
          {value}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Flex direction="column" gap="1">
      {rows.map(([label, value]) => (
        <Flex key={label} justify="between" gap="3">
          <Text size="2" color="gray">
            {label}
          </Text>
          <Text size="2">{value}</Text>
        </Flex>
      ))}
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4">
        {title}
      </Heading>
      {children}
    </Flex>
  );
}

function None() {
  return (
    <Text size="2" color="gray">
      <Trans>Nothing counted yet.</Trans>
    </Text>
  );
}

const goodOutcomes = new Set(["ok", "200", "201", "204", "304"]);

function OutcomeBadge({ outcome }: { outcome: string }) {
  const color = goodOutcomes.has(outcome)
    ? "green"
    : /^4|fault|invalid|not_found|permission|unauth/.test(outcome)
      ? "amber"
      : "red";
  return (
    <Badge color={color} variant="soft">
      {outcome}
    </Badge>
  );
}

/** The goroutines grouped by state and stack, read when the admin asks for them. */
function ThreadDump() {
  const { t } = useLingui();
  const [asked, setAsked] = useState(false);
  const dump = useThreadDump(asked);
  const columns: DataColumn<GoroutineGroup>[] = [
    { id: "count", header: t`Goroutines`, cell: ({ row }) => row.original.count },
    { id: "state", header: t`State`, cell: ({ row }) => <Badge variant="soft">{row.original.state}</Badge> },
    {
      id: "stack",
      header: t`Stack`,
      cell: ({ row }) => (
        <Box asChild style={{ whiteSpace: "pre-wrap", fontSize: "var(--font-size-1)" }}>
          <pre>{row.original.stack.slice(0, 8).join("\n")}</pre>
        </Box>
      ),
    },
  ];
  return (
    <Section title={t`Goroutines`}>
      <Flex gap="3" align="center">
        <Button variant="soft" onClick={() => (asked ? void dump.refetch() : setAsked(true))}>
          {asked ? <Trans>Read the goroutines again</Trans> : <Trans>Read the goroutines</Trans>}
        </Button>
        {dump.data && (
          <Text size="2" color="gray">
            <Trans>
              {dump.data.goroutineCount} goroutines in {dump.data.groups.length} groups
            </Trans>
          </Text>
        )}
      </Flex>
      {asked && (
        <DataTable
          items={dump.data?.groups}
          failed={dump.isError}
          columns={columns}
          rowId={(g) => `${g.state} ${g.stack.join("|")}`}
          size="1"
        />
      )}
    </Section>
  );
}
