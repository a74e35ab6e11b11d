import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { CopyIcon } from "@radix-ui/react-icons";
import { Badge, Button, Callout, Card, Checkbox, Code, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { ListPage } from "../../components/ListPage";
import { Warning } from "../../components/Warning";
import { FailureCallout } from "../../errors/FailureCallout";
import { describeFormFailure, type FormFailure } from "../../errors/formFailure";
import type { WebhookEndpoint, WebhookEvent_Type } from "../../gen/portal/v1/webhooks_pb";
import { isKnownMessageKey } from "../../errors/serverMessages";
import { pageTitles } from "../../navigation/pageTitles";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useSendWebhookTestEvent,
  useSetWebhookEndpointEnabled,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "../../api/webhooks";
import { eventLabels, stateLabels, subscribableEvents } from "./eventLabels";

/**
 * /webhooks (issue 27): the active customer's webhook endpoints; add one
 * (its signing secret is shown once, with a copy button), disable or enable,
 * delete, send a test event and read an endpoint's delivery log.
 */
export function WebhooksPage() {
  const { i18n } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const customerId = activeCustomer?.id ?? null;
  const endpoints = useWebhookEndpoints(customerId);
  const [selected, setSelected] = useState<bigint | null>(null);
  return (
    <ListPage title={i18n._(pageTitles.webhooks)}>
      {customerId === null ? (
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      ) : (
        <>
          <NewEndpointForm customerId={customerId} />
          <EndpointTable
            customerId={customerId}
            endpoints={endpoints.data ?? []}
            selected={selected}
            onSelect={setSelected}
          />
          {selected !== null && <DeliveryLog customerId={customerId} id={selected} />}
        </>
      )}
    </ListPage>
  );
}

function NewEndpointForm({ customerId }: { customerId: bigint }) {
  const { t } = useLingui();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent_Type[]>([]);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const submit = () => {
    setFailure(null);
    create.mutate(
      { customerId, url, description, events },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setCopied(false);
          setUrl("");
          setDescription("");
          setEvents([]);
        },
        onError: (error) => setFailure(describeFormFailure(error)),
      },
    );
  };
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          <Trans>Add an endpoint</Trans>
        </Heading>
        <label>
          <Text size="2" weight="bold">
            <Trans>Endpoint URL</Trans>
          </Text>
          <TextField.Root value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
        </label>
        <label>
          <Text size="2" weight="bold">
            <Trans>Description</Trans>
          </Text>
          <TextField.Root value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
          <legend>
            <Text size="2" weight="bold">
              <Trans>Events</Trans>
            </Text>
          </legend>
          <Flex gap="4" wrap="wrap">
            {subscribableEvents.map((type) => (
              <Text as="label" size="2" key={type}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={events.includes(type)}
                    onCheckedChange={(on) =>
                      setEvents((current) => (on === true ? [...current, type] : current.filter((e) => e !== type)))
                    }
                  />
                  {t(eventLabels[type])}
                </Flex>
              </Text>
            ))}
          </Flex>
        </fieldset>
        <FailureCallout failure={failure} />
        <Flex>
          <Button onClick={submit} loading={create.isPending}>
            <Trans>Add endpoint</Trans>
          </Button>
        </Flex>
        {secret && (
          <Callout.Root color="green" role="status">
            <Callout.Text>
              <Trans>
                The endpoint's signing secret is shown only now. Keep it where your receiver checks the signatures:
              </Trans>{" "}
              <Code data-testid="webhook-secret">{secret}</Code>{" "}
              <Button
                size="1"
                variant="soft"
                onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
              >
                <CopyIcon />
                {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
              </Button>
            </Callout.Text>
          </Callout.Root>
        )}
      </Flex>
    </Card>
  );
}

function EndpointTable({
  customerId,
  endpoints,
  selected,
  onSelect,
}: {
  customerId: bigint;
  endpoints: WebhookEndpoint[];
  selected: bigint | null;
  onSelect: (id: bigint | null) => void;
}) {
  const { t } = useLingui();
  const setEnabled = useSetWebhookEndpointEnabled();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTestEvent();
  if (endpoints.length === 0) {
    return (
      <Text color="gray">
        <Trans>No webhook endpoints yet.</Trans>
      </Text>
    );
  }
  return (
    <Table.Root variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            <Trans>Endpoint URL</Trans>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <Trans>Events</Trans>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <Trans>Status</Trans>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <Trans>Actions</Trans>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {endpoints.map((endpoint) => (
          <Table.Row key={String(endpoint.id)}>
            <Table.RowHeaderCell>
              {endpoint.url}
              {endpoint.description && (
                <Text as="div" size="1" color="gray">
                  {endpoint.description}
                </Text>
              )}
            </Table.RowHeaderCell>
            <Table.Cell>{endpoint.events.map((type) => t(eventLabels[type])).join(", ")}</Table.Cell>
            <Table.Cell>
              {endpoint.enabled ? (
                <Badge color="green">
                  <Trans>Enabled</Trans>
                </Badge>
              ) : (
                <Badge color="gray">
                  <Trans>Disabled</Trans>
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell>
              <Flex gap="2" wrap="wrap">
                <Button
                  size="1"
                  variant="soft"
                  disabled={!endpoint.enabled}
                  onClick={() => {
                    onSelect(endpoint.id);
                    test.mutate({ customerId, id: endpoint.id });
                  }}
                >
                  <Trans>Send test event</Trans>
                </Button>
                <Button
                  size="1"
                  variant={selected === endpoint.id ? "solid" : "soft"}
                  onClick={() => onSelect(selected === endpoint.id ? null : endpoint.id)}
                >
                  <Trans>Delivery log</Trans>
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  onClick={() => setEnabled.mutate({ customerId, id: endpoint.id, enabled: !endpoint.enabled })}
                >
                  {endpoint.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  color="red"
                  onClick={() => {
                    if (window.confirm(t`Delete this endpoint and its delivery log?`)) {
                      if (selected === endpoint.id) onSelect(null);
                      remove.mutate({ customerId, id: endpoint.id });
                    }
                  }}
                >
                  <Trans>Delete</Trans>
                </Button>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function DeliveryLog({ customerId, id }: { customerId: bigint; id: bigint }) {
  const { t, i18n } = useLingui();
  const deliveries = useWebhookDeliveries(customerId, id);
  const when = (ts: Parameters<typeof timestampDate>[0] | undefined) =>
    ts ? i18n.date(timestampDate(ts), { dateStyle: "short", timeStyle: "medium" }) : "";
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          <Trans>Delivery log</Trans>
        </Heading>
        {(deliveries.data ?? []).length === 0 ? (
          <Text color="gray">
            <Trans>No deliveries yet.</Trans>
          </Text>
        ) : (
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>
                  <Trans>Event</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>State</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Answer</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Answer time</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Tries</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Last try</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Next try</Trans>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(deliveries.data ?? []).map((d) => (
                <Table.Row key={String(d.id)}>
                  <Table.RowHeaderCell>
                    {t(eventLabels[d.eventType])}
                    <Text as="div" size="1" color="gray">
                      {d.eventId}
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>{t(stateLabels[d.state])}</Table.Cell>
                  <Table.Cell>
                    {d.status !== 0 ? d.status : d.error && isKnownMessageKey(d.error) ? i18n._(d.error) : d.error}
                  </Table.Cell>
                  <Table.Cell>{t`${String(d.durationMs)} ms`}</Table.Cell>
                  <Table.Cell>{d.attempts}</Table.Cell>
                  <Table.Cell>{when(d.lastTry)}</Table.Cell>
                  <Table.Cell>{when(d.nextTry)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
    </Card>
  );
}
