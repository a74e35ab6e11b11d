import { useLingui } from "@lingui/react/macro";
import { Code, Text } from "@radix-ui/themes";
import { type DataColumn, DataTable } from "../../components/DataTable";
import type { ApiSchemas } from "./openApi";
import { fieldsOf, type SchemaField } from "./schemas";

/** The fields of a request's or an answer's schema: name, type, meaning and, for a closed set, its values. */
export function SchemaFields({ schema, schemas }: { schema: unknown; schemas: ApiSchemas }) {
  const { t } = useLingui();
  const fields = fieldsOf(schema, schemas);
  if (fields.length === 0) return null;
  const columns: DataColumn<SchemaField>[] = [
    {
      id: "name",
      header: t`Field`,
      meta: { rowHeader: true },
      cell: ({ row }) => <Code variant="ghost">{row.original.name}</Code>,
    },
    { id: "type", header: t`Type`, cell: ({ row }) => row.original.type },
    {
      id: "description",
      header: t`Description`,
      cell: ({ row }) => (
        <>
          {row.original.description}
          {row.original.values.length > 0 && (
            <Text as="div" size="1" color="gray">
              {row.original.values.join(", ")}
            </Text>
          )}
        </>
      ),
    },
  ];
  return (
    <DataTable
      items={fields}
      columns={columns}
      rowId={(field) => field.name}
      rowProps={() => ({ align: undefined })}
      size="1"
    />
  );
}
