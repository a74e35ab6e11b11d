import { Trans, useLingui } from "@lingui/react/macro";
import { ReloadIcon } from "@radix-ui/react-icons";
import { Badge, Button, Code, Container, DataList, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useHealthReport } from "../../../api/management";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { type HealthComponent, HealthStatus } from "../../../gen/portal/v1/management_pb";
import { formatDecimal } from "../../../i18n/format";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";
import { healthStatusNames } from "./healthStatusNames";

type Row = { name: string; component: HealthComponent };

function StatusBadge({ status }: { status: HealthStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={status === HealthStatus.UP ? "green" : "red"} size="2">
      {i18n._(healthStatusNames[status])}
    </Badge>
  );
}

/**
 * /admin/health: the portal's status and each component's (database, Redis,
 * Kratos, mail, carrier, disk) with its latency; a component's details open
 * on click.
 */
export function HealthPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.health));
  const health = useHealthReport();
  const [shown, setShown] = useState<Row | null>(null);
  const rows: Row[] | undefined = health.data
    ? Object.entries(health.data.components)
        .map(([name, component]) => ({ name, component }))
        .sort((a, b) => a.name.localeCompare(b.name))
    : undefined;
  const columns: DataColumn<Row>[] = [
    { id: "name", header: t`Component`, meta: { rowHeader: true }, cell: ({ row }) => row.original.name },
    { id: "status", header: t`Status`, cell: ({ row }) => <StatusBadge status={row.original.component.status} /> },
    {
      id: "latency",
      header: t`Latency (ms)`,
      cell: ({ row }) => formatDecimal(row.original.component.latencyMs, i18n.locale),
    },
    {
      id: "details",
      header: t`Details`,
      cell: ({ row }) =>
        Object.keys(row.original.component.details).length > 0 ? (
          <Button size="1" variant="soft" onClick={() => setShown(row.original)}>
            <Trans>Details of {row.original.name}</Trans>
          </Button>
        ) : null,
    },
  ];
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex gap="3" align="center">
            <Heading as="h1" size="7">
              {i18n._(pageTitles.health)}
            </Heading>
            {health.data && <StatusBadge status={health.data.status} />}
          </Flex>
          <Button variant="soft" onClick={() => void health.refetch()} loading={health.isFetching}>
            <ReloadIcon />
            <Trans>Check again</Trans>
          </Button>
        </Flex>
        <DataTable items={rows} failed={health.isError} columns={columns} rowId={(r) => r.name} />
      </Flex>
      <Dialog.Root open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <Dialog.Content maxWidth="560px">
          <Dialog.Title>{shown?.name}</Dialog.Title>
          <Dialog.Description size="2" mb="3">
            <Trans>What the probe of this component reported.</Trans>
          </Dialog.Description>
          <DataList.Root>
            {Object.entries(shown?.component.details ?? {})
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, value]) => (
                <DataList.Item key={key}>
                  <DataList.Label>{key}</DataList.Label>
                  <DataList.Value>
                    <Code variant="ghost" style={{ wordBreak: "break-all" }}>
                      {value}
                    </Code>
                  </DataList.Value>
                </DataList.Item>
              ))}
          </DataList.Root>
          <Flex justify="end" mt="4">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                <Trans>Close</Trans>
              </Button>
            </Dialog.Close>
          </Flex>
        </Dialog.Content>
      </Dialog.Root>
      <Text as="p" size="1" color="gray" mt="3">
        <Trans>Monitors without a session learn the status only.</Trans>
      </Text>
    </Container>
  );
}
