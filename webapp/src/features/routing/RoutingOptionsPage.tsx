import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Container, Flex, Heading, Select, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { useState } from "react";
import { type RoutingOptionChange, useRoutingOptions, useUpdateRoutingOption } from "../../api/manifests";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { describeFormFailure, type FormFailure, noFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import type { RoutingOption } from "../../gen/portal/v1/manifests_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { usePageTitle } from "../../navigation/usePageTitle";
import { countryName } from "../../shipping/countries";
import { type ManifestType, manifestTypeName } from "../../shipping/manifestTypes";

const saved = msg`The routing option was saved.`;

/** The fields of a routing option the server may name in field errors. */
const formFields = ["manifestType", "carrier"] as const;

/**
 * /routing-options (the admin menu): the default manifesting rules of the
 * 23 manifest-carrier countries, a manifest type and a carrier each. A
 * customer's parcels fall back to them where the customer has no rule of
 * its own. Each row is changed and saved on its own.
 */
export function RoutingOptionsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.routingOptions));
  const options = useRoutingOptions();
  const update = useUpdateRoutingOption();
  const [drafts, setDrafts] = useState<Record<string, RoutingOptionChange>>({});
  const [failures, setFailures] = useState<Record<string, FormFailure>>({});
  const types = options.data?.manifestTypes ?? [];

  const draftOf = (o: RoutingOption): RoutingOptionChange =>
    drafts[o.country] ?? { country: o.country, manifestType: o.manifestType, carrier: o.carrier };
  const edit = (o: RoutingOption, change: Partial<RoutingOptionChange>) =>
    setDrafts((all) => ({ ...all, [o.country]: { ...draftOf(o), ...change } }));
  const changed = (o: RoutingOption) => {
    const d = drafts[o.country];
    return d !== undefined && (d.manifestType !== o.manifestType || d.carrier !== o.carrier);
  };
  const save = (o: RoutingOption) => {
    const change = draftOf(o);
    update.mutate(change, {
      onSuccess: () => {
        setDrafts(({ [o.country]: _, ...rest }) => rest);
        setFailures(({ [o.country]: _, ...rest }) => rest);
        showNotices([{ text: saved }], { tone: "info" });
      },
      onError: (error) => {
        const failure = describeFormFailure(error, formFields);
        setFailures((all) => ({ ...all, [o.country]: failure }));
        if (failure.messages.length > 0) showNotices(failure.messages);
      },
    });
  };

  const columns: DataColumn<RoutingOption>[] = [
    {
      id: "country",
      header: t`Destination country`,
      meta: { rowHeader: true },
      cell: ({ row: { original: o } }) => `${countryName(o.country, i18n.locale)} (${o.country})`,
    },
    {
      id: "manifestType",
      header: t`Manifest type`,
      cell: ({ row: { original: o } }) => {
        const error = (failures[o.country] ?? noFailure).fields.manifestType;
        return (
          <Flex direction="column" gap="1">
            <Select.Root
              size="1"
              value={draftOf(o).manifestType ? String(draftOf(o).manifestType) : undefined}
              onValueChange={(manifestType) => edit(o, { manifestType: Number(manifestType) as ManifestType })}
            >
              <Select.Trigger
                aria-label={t`Manifest type for ${o.country}`}
                placeholder={t`None`}
                aria-invalid={!!error}
              />
              <Select.Content>
                {types.map((type) => (
                  <Select.Item key={type} value={String(type)}>
                    {manifestTypeName(i18n, type)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <RowFieldError error={error} />
          </Flex>
        );
      },
    },
    {
      id: "carrier",
      header: t`Carrier`,
      cell: ({ row: { original: o } }) => {
        const error = (failures[o.country] ?? noFailure).fields.carrier;
        return (
          <Flex direction="column" gap="1">
            <TextField.Root
              size="1"
              value={draftOf(o).carrier}
              maxLength={50}
              aria-label={t`Carrier for ${o.country}`}
              aria-invalid={!!error}
              onChange={(event) => edit(o, { carrier: event.target.value })}
            />
            <RowFieldError error={error} />
          </Flex>
        );
      },
    },
    {
      id: "updatedBy",
      header: t`Changed by`,
      cell: ({ row: { original: o } }) => o.updatedBy || <Text color="gray">{t`default`}</Text>,
    },
    {
      id: "save",
      header: () => (
        <VisuallyHidden>
          <Trans>Save</Trans>
        </VisuallyHidden>
      ),
      cell: ({ row: { original: o } }) => (
        <Button
          size="1"
          disabled={!changed(o) || update.isPending}
          aria-label={t`Save the routing option for ${o.country}`}
          onClick={() => save(o)}
        >
          <Trans>Save</Trans>
        </Button>
      ),
    },
  ];

  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {i18n._(pageTitles.routingOptions)}
        </Heading>
        <Text size="2" color="gray">
          <Trans>
            Where a customer has no manifesting rule of its own, its parcels to these countries are manifested with the
            manifest type and carrier below. Changes apply to the manifests made from then on.
          </Trans>
        </Text>
        <DataTable
          items={options.data?.routingOptions}
          failed={options.isError}
          busy={update.isPending}
          columns={columns}
          rowId={(o) => o.country}
        />
      </Flex>
    </Container>
  );
}

/** A server field error under a row's control. */
function RowFieldError({ error }: { error: MessageDescriptor | undefined }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Text size="1" color="red" role="alert">
      {i18n._(error)}
    </Text>
  );
}
