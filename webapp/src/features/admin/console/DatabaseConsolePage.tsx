import { Trans, useLingui } from "@lingui/react/macro";
import { PlayIcon } from "@radix-ui/react-icons";
import { Button, Callout, Container, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useApplicationProfile, useRunDatabaseQuery } from "../../../api/management";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { describeFailure } from "../../../errors/describeFailure";
import { messageText } from "../../../errors/messageText";
import type { DatabaseRow } from "../../../gen/portal/v1/management_pb";
import { formatDecimal } from "../../../i18n/format";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";

/**
 * /admin/database, outside production only: one SQL statement at a time,
 * run read-only by the server (read-only transaction, statement timeout,
 * row cap), every statement audited; the answer as a table.
 */
export function DatabaseConsolePage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.databaseConsole));
  const { data: profile } = useApplicationProfile();
  const [sql, setSql] = useState(
    "SELECT principal, event_type, occurred_at FROM audit_event ORDER BY id DESC LIMIT 20",
  );
  const run = useRunDatabaseQuery();
  const result = run.data;
  const failure = run.error ? describeFailure(run.error) : null;
  const columns: DataColumn<DatabaseRow & { index: number }>[] = (result?.columns ?? []).map((name, column) => ({
    id: `${column}`,
    header: name,
    cell: ({ row }) =>
      row.original.nulls[column] ? (
        <Text color="gray">NULL</Text>
      ) : (
        <Text style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{row.original.cells[column]}</Text>
      ),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate(sql);
  };
  if (profile?.inProduction) {
    return (
      <Container size="3" px="4" py="6">
        <Callout.Root color="gray" role="status">
          <Callout.Text>
            <Trans>The database console is not available in production.</Trans>
          </Callout.Text>
        </Callout.Root>
      </Container>
    );
  }
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.databaseConsole)}
        </Heading>
        <Text size="2" color="gray">
          <Trans>
            One statement at a time, read-only, at most 5 seconds and 500 rows. Every statement is recorded in the
            audits.
          </Trans>
        </Text>
        <form onSubmit={submit}>
          <Flex direction="column" gap="2">
            <TextArea
              aria-label={t`SQL statement`}
              value={sql}
              onChange={(event) => setSql(event.target.value)}
              rows={5}
              maxLength={10000}
              style={{ fontFamily: "var(--code-font-family)" }}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit(event);
              }}
            />
            <Flex>
              <Button type="submit" loading={run.isPending} disabled={sql.trim() === ""}>
                <PlayIcon />
                <Trans>Run</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
        {failure?.kind === "notify" && (
          <Callout.Root color="red" role="alert">
            {failure.messages.map((message, index) => (
              <Callout.Text key={index}>{messageText(i18n, message.text)}</Callout.Text>
            ))}
          </Callout.Root>
        )}
        {result && !run.isError && (
          <>
            <Text size="2" color="gray" role="status">
              {result.bytesCapped ? (
                <Trans>
                  The first {result.rows.length} rows, cut at {formatDecimal(result.maxBytes / 1024, i18n.locale)} KB of
                  text, in {formatDecimal(result.elapsedMs, i18n.locale)} ms; there are more.
                </Trans>
              ) : result.truncated ? (
                <Trans>
                  The first {result.maxRows} rows, in {formatDecimal(result.elapsedMs, i18n.locale)} ms; there are more.
                </Trans>
              ) : (
                <Trans>
                  {result.rows.length} rows in {formatDecimal(result.elapsedMs, i18n.locale)} ms
                </Trans>
              )}
            </Text>
            <DataTable
              items={result.rows.map((row, index) => ({ ...row, index }))}
              columns={columns}
              rowId={(row) => String(row.index)}
              size="1"
              empty={null}
            />
          </>
        )}
      </Flex>
    </Container>
  );
}
