import { Trans, useLingui } from "@lingui/react/macro";
import { LockClosedIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Badge, Code, Container, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { useConfiguration } from "../../../api/management";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import type { ConfigProperty } from "../../../gen/portal/v1/management_pb";
import { pageTitles } from "../../../navigation/pageTitles";
import { usePageTitle } from "../../../navigation/usePageTitle";

/** The properties whose key, value or source contain the search, in any case. */
export function filterProperties(properties: ConfigProperty[], search: string): ConfigProperty[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return properties;
  return properties.filter((p) => [p.key, p.value, p.source].some((text) => text.toLowerCase().includes(needle)));
}

/**
 * /admin/configuration: the portal's effective configuration and its
 * process environment, searchable; the server masks every secret.
 */
export function ConfigurationPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.configuration));
  const configuration = useConfiguration();
  const [search, setSearch] = useState("");
  const columns: DataColumn<ConfigProperty>[] = [
    {
      id: "key",
      header: t`Key`,
      meta: { rowHeader: true },
      cell: ({ row }) => <Code variant="ghost">{row.original.key}</Code>,
    },
    {
      id: "value",
      header: t`Value`,
      cell: ({ row }) =>
        row.original.masked ? (
          <Flex gap="2" align="center">
            <Text style={{ wordBreak: "break-all" }}>{row.original.value}</Text>
            <Badge color="gray" variant="soft">
              <LockClosedIcon />
              <Trans>masked</Trans>
            </Badge>
          </Flex>
        ) : (
          <Text style={{ wordBreak: "break-all" }}>{row.original.value}</Text>
        ),
    },
    { id: "source", header: t`Source`, cell: ({ row }) => row.original.source },
  ];
  const empty = (
    <Text size="2" color="gray">
      <Trans>No setting matches the search.</Trans>
    </Text>
  );
  const rowId = (p: ConfigProperty) => `${p.source} ${p.key}`;
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.configuration)}
        </Heading>
        <TextField.Root
          type="search"
          placeholder={t`Search keys and values`}
          aria-label={t`Search keys and values`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        {(
          [
            [t`Portal settings`, configuration.data?.settings],
            [t`Process environment`, configuration.data?.environment],
          ] as const
        ).map(([title, properties]) => (
          <Flex key={title} direction="column" gap="2">
            <Heading as="h2" size="4">
              {title}
            </Heading>
            <DataTable
              items={properties && filterProperties(properties, search)}
              failed={configuration.isError}
              columns={columns}
              rowId={rowId}
              size="1"
              empty={empty}
            />
          </Flex>
        ))}
      </Flex>
    </Container>
  );
}
