import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Container, Flex, Heading, SegmentedControl, Text } from "@radix-ui/themes";
import { useLoggers, useSetLoggerLevel } from "../../../api/management";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import type { Logger } from "../../../gen/portal/v1/management_pb";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";

/**
 * /admin/logs: the portal's named loggers (one per area) with their levels;
 * a click gives a logger another level at once, for the running portal.
 */
export function LogsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.logs));
  const loggers = useLoggers();
  const setLevel = useSetLoggerLevel();
  const levels = loggers.data?.levels ?? [];
  const columns: DataColumn<Logger>[] = [
    { id: "name", header: t`Logger`, meta: { rowHeader: true }, cell: ({ row }) => row.original.name },
    {
      id: "level",
      header: t`Level`,
      cell: ({ row }) => <Badge variant="soft">{row.original.configuredLevel}</Badge>,
    },
    {
      id: "change",
      header: t`Change the level`,
      cell: ({ row: { original: logger } }) => (
        <SegmentedControl.Root
          size="1"
          value={logger.configuredLevel}
          aria-label={t`Level of ${logger.name}`}
          onValueChange={(level) => setLevel.mutate({ name: logger.name, level })}
        >
          {levels.map((level) => (
            <SegmentedControl.Item key={level} value={level}>
              {level}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      ),
    },
  ];
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.logs)}
        </Heading>
        <Text size="2" color="gray">
          <Trans>A level changed here holds for the running portal until it restarts.</Trans>
        </Text>
        <DataTable
          items={loggers.data?.loggers}
          failed={loggers.isError}
          busy={setLevel.isPending}
          columns={columns}
          rowId={(l) => l.name}
        />
      </Flex>
    </Container>
  );
}
