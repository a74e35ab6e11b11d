import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { type DataColumn, DataTable } from "../../components/DataTable";
import type { ApiOperation, ApiParameter, ApiSchemas } from "./openApi";
import { SchemaFields } from "./SchemaFields";
import { typeName } from "./schemas";
import { TryIt } from "./TryIt";

const methodColors: Record<string, "green" | "blue" | "orange" | "red" | "gray"> = {
  GET: "green",
  POST: "blue",
  PUT: "orange",
  PATCH: "orange",
  DELETE: "red",
};

/** One operation of the reference, folded; opened, it shows its parameters, fields and answers, and sends it. */
export function OperationEntry({ operation, schemas }: { operation: ApiOperation; schemas: ApiSchemas }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const parameterColumns: DataColumn<ApiParameter>[] = [
    {
      id: "name",
      header: t`Parameter`,
      cell: ({ row }) => (
        <>
          <Code variant="ghost">{row.original.name}</Code>
          {row.original.required && " *"}
        </>
      ),
    },
    { id: "in", header: t`Location`, cell: ({ row }) => row.original.in },
    { id: "type", header: t`Type`, cell: ({ row }) => row.original.type },
    { id: "description", header: t`Description`, cell: ({ row }) => row.original.description },
  ];
  return (
    <details className="api-operation" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Badge color={methodColors[operation.method] ?? "gray"} className="api-method">
          {operation.method}
        </Badge>
        <Code variant="ghost">{operation.path}</Code>
        <Text size="2" color="gray">
          {operation.summary}
        </Text>
      </summary>
      {open && (
        <Flex direction="column" gap="3" pt="2" pl="2">
          {operation.anonymous && (
            <Box>
              <Badge color="gray">
                <Trans>No sign-in needed</Trans>
              </Badge>
            </Box>
          )}
          {operation.description && (
            <Text as="p" size="2" className="api-docs-text">
              {operation.description}
            </Text>
          )}
          {operation.parameters.length > 0 && (
            <DataTable
              items={operation.parameters}
              columns={parameterColumns}
              rowId={(parameter) => `${parameter.in}:${parameter.name}`}
              rowProps={() => ({ align: undefined })}
              size="1"
            />
          )}
          {operation.requestBody && (
            <Flex direction="column" gap="1">
              <Heading as="h4" size="2">
                <Trans>Request body:</Trans> <Code variant="ghost">{typeName(operation.bodySchema, schemas)}</Code>
              </Heading>
              <SchemaFields schema={operation.bodySchema} schemas={schemas} />
            </Flex>
          )}
          <Flex direction="column" gap="1">
            <Heading as="h4" size="2">
              <Trans>Answers</Trans>
            </Heading>
            {operation.responses.map((response) => (
              <Text key={response.status} as="div" size="2">
                <Code variant="ghost">{response.status}</Code> {response.description}
                {response.mediaType && (
                  <Text color="gray">
                    {" "}
                    · {response.mediaType}
                    {response.schema !== null && <> · {typeName(response.schema, schemas)}</>}
                  </Text>
                )}
              </Text>
            ))}
            {operation.responses
              .filter((response) => response.status.startsWith("2") && response.schema !== null)
              .map((response) => (
                <SchemaFields key={response.status} schema={response.schema} schemas={schemas} />
              ))}
          </Flex>
          <Flex direction="column" gap="1">
            <Heading as="h4" size="2">
              <Trans>Try it</Trans>
            </Heading>
            <TryIt operation={operation} schemas={schemas} />
          </Flex>
        </Flex>
      )}
    </details>
  );
}
