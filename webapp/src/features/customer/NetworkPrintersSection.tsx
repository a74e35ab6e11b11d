import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useDeleteNetworkPrinter, useNetworkPrinters, useSaveNetworkPrinter } from "../../api/printers";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { FormMessages } from "../../components/form/FormMessages";
import { TextInputField } from "../../components/form/TextInputField";
import { DpiSelect } from "../../printing/DpiSelect";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { NetworkPrinter } from "../../gen/portal/v1/printers_pb";

type Draft = { id: bigint; name: string; host: string; port: string; dpi: string };
const blank: Draft = { id: 0n, name: "", host: "", port: "9100", dpi: "203" };

/**
 * The customer's network label printers (Zebras on raw TCP that the
 * portal's server reaches): staff add, change and remove them; the
 * customer's users see them and choose one in the printer settings.
 */
export function NetworkPrintersSection({ customerId, staff }: { customerId: bigint; staff: boolean }) {
  const { t } = useLingui();
  const printers = useNetworkPrinters(customerId);
  const save = useSaveNetworkPrinter();
  const remove = useDeleteNetworkPrinter();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState(noFailure);
  const columns: DataColumn<NetworkPrinter>[] = [
    { id: "name", header: t`Name`, meta: { rowHeader: true }, cell: ({ row }) => row.original.name },
    { id: "host", header: t`Host`, cell: ({ row }) => row.original.host },
    { id: "port", header: t`Port`, cell: ({ row }) => row.original.port },
    { id: "dpi", header: t`Resolution`, cell: ({ row }) => `${row.original.dpi} dpi` },
  ];
  const submit = () => {
    if (!draft) return;
    setFailure(noFailure);
    save.mutate(
      {
        customerId,
        id: draft.id,
        name: draft.name,
        host: draft.host,
        port: Number(draft.port) || 0,
        dpi: Number(draft.dpi),
      },
      { onSuccess: () => setDraft(null), onError: (error) => setFailure(describeFormFailure(error)) },
    );
  };
  return (
    <Flex direction="column" gap="3" mt="5">
      <Flex justify="between" align="center">
        <Heading as="h2" size="4">
          <Trans>Network printers</Trans>
        </Heading>
        {staff && !draft && (
          <Button variant="soft" onClick={() => setDraft(blank)}>
            <PlusIcon />
            <Trans>Add a network printer</Trans>
          </Button>
        )}
      </Flex>
      <DataTable
        items={printers.data}
        failed={printers.isError}
        rowId={(p) => String(p.id)}
        columns={columns}
        empty={
          <Text size="2" color="gray">
            <Trans>No network printers are configured.</Trans>
          </Text>
        }
        actions={
          staff
            ? (p) => (
                <Flex gap="3">
                  <IconButton
                    variant="ghost"
                    aria-label={t`Edit ${p.name}`}
                    onClick={() =>
                      setDraft({ id: p.id, name: p.name, host: p.host, port: String(p.port), dpi: String(p.dpi) })
                    }
                  >
                    <Pencil1Icon />
                  </IconButton>
                  <IconButton
                    variant="ghost"
                    color="red"
                    aria-label={t`Delete ${p.name}`}
                    loading={remove.isPending && remove.variables?.id === p.id}
                    onClick={() => remove.mutate({ customerId, id: p.id })}
                  >
                    <TrashIcon />
                  </IconButton>
                </Flex>
              )
            : undefined
        }
      />
      {draft && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Flex gap="3" wrap="wrap" align="end">
            <TextInputField
              label={<Trans>Name</Trans>}
              value={draft.name}
              maxLength={100}
              onValueChange={(name) => setDraft({ ...draft, name })}
            />
            <TextInputField
              label={<Trans>Host</Trans>}
              value={draft.host}
              maxLength={253}
              onValueChange={(host) => setDraft({ ...draft, host })}
            />
            <TextInputField
              label={<Trans>Port</Trans>}
              type="number"
              min={1}
              max={65535}
              value={draft.port}
              onValueChange={(port) => setDraft({ ...draft, port })}
            />
            <DpiSelect value={draft.dpi} onChange={(dpi) => setDraft({ ...draft, dpi })} />
            <Button type="submit" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={() => setDraft(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </Flex>
          <FormMessages messages={failure.messages} />
        </form>
      )}
    </Flex>
  );
}
