import { Trans, useLingui } from "@lingui/react/macro";
import { FailureCallout } from "../errors/FailureCallout";
import { Badge, Box, Button, Callout, DataList, Dialog, Flex, Link, Tabs, Text } from "@radix-ui/themes";
import { useTrackingParcel } from "../api/tracking";
import { PageLoading } from "../pages/PageLoading";
import { describeFormFailure } from "../errors/formFailure";
import type { TrackingEvent } from "../gen/portal/v1/tracking_pb";
import { formatDateTime } from "../i18n/format";
import { TrackingEventTable } from "./TrackingEventTable";
import { TrackingProgress } from "./TrackingProgress";

const when = (stamp: string) => (stamp ? formatDateTime(new Date(stamp)) : "–");

/** The tracking-details dialog (spec 3 §2): tabs details, events and, for internal roles, customer-service events. */
export function TrackingDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui();
  const parcel = useTrackingParcel(id);
  const detail = parcel.data;
  const failure = parcel.isError ? describeFormFailure(parcel.error) : null;
  const events = detail?.trackingEvents.filter((event) => !event.customerService) ?? [];
  const serviceEvents = detail?.trackingEvents.filter((event) => event.customerService) ?? [];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="900px" aria-describedby={undefined}>
        <Dialog.Title>
          <Trans>Parcel {id}</Trans>
        </Dialog.Title>
        <FailureCallout failure={failure} />
        {parcel.isPending && <PageLoading />}
        {detail && (
          <Flex direction="column" gap="4">
            <TrackingProgress codes={detail.trackingEvents.map((event) => event.harmonizedCode)} />
            {detail.untracked && (
              <Callout.Root color="gray">
                <Callout.Text>
                  <Trans>This product is untracked: no further events available.</Trans>
                </Callout.Text>
              </Callout.Root>
            )}
            <Tabs.Root defaultValue="details">
              <Tabs.List>
                <Tabs.Trigger value="details">
                  <Trans>Tracking details</Trans>
                </Tabs.Trigger>
                <Tabs.Trigger value="events">
                  <Trans>Events</Trans>
                </Tabs.Trigger>
                {detail.internal && (
                  <Tabs.Trigger value="service">
                    <Trans>Customer-service events</Trans>
                  </Tabs.Trigger>
                )}
              </Tabs.List>
              <Box pt="3">
                <Tabs.Content value="details">
                  <DataList.Root>
                    <Item label={t`Tracking number`} value={detail.trackingId} />
                    <Item label={t`Customer`} value={detail.customerName?.customerName} />
                    {detail.internal && <Item label={t`Subsidiary`} value={detail.customerName?.subsidiary} />}
                    <Item
                      label={t`Product`}
                      value={`${detail.shipmentData?.productDescription ?? ""} (${detail.shipmentData?.productCode ?? ""})`}
                    />
                    <Item label={t`Shipment date`} value={when(detail.shipmentData?.shipmentDate ?? "")} />
                    <Item label={t`Origin`} value={detail.shipmentData?.origin} />
                    <Item label={t`Destination`} value={detail.shipmentData?.destination} />
                    <Item label={t`Weight (kg)`} value={String(detail.parcelData?.parcelWeight ?? "")} />
                    <Item label={t`Carrier`} value={detail.carrierName} />
                    {detail.lastMileCarrier && (
                      <DataList.Item>
                        <DataList.Label>
                          <Trans>Last-mile carrier</Trans>
                        </DataList.Label>
                        <DataList.Value>
                          <Link href={detail.lastMileCarrierUrl} target="_blank" rel="noreferrer noopener">
                            {detail.lastMileCarrier}
                          </Link>
                        </DataList.Value>
                      </DataList.Item>
                    )}
                    <Item
                      label={t`Recipient`}
                      value={[
                        detail.receiverDetails?.recipientName,
                        detail.receiverDetails?.recipientAddress1,
                        `${detail.receiverDetails?.recipientZip ?? ""} ${detail.receiverDetails?.recipientCity ?? ""}`.trim(),
                        detail.receiverDetails?.recipientCountry,
                      ]
                        .filter(Boolean)
                        .join(", ")}
                    />
                    <Item
                      label={t`Sender`}
                      value={[detail.senderDetails?.senderName, detail.senderDetails?.senderCountry]
                        .filter(Boolean)
                        .join(", ")}
                    />
                  </DataList.Root>
                </Tabs.Content>
                <Tabs.Content value="events">
                  <EventTable events={events} internal={false} />
                  {detail.untracked && (
                    <Text as="p" size="2" color="gray" mt="2">
                      <Trans>No further events available.</Trans>
                    </Text>
                  )}
                </Tabs.Content>
                {detail.internal && (
                  <Tabs.Content value="service">
                    <EventTable events={[...events, ...serviceEvents]} internal />
                  </Tabs.Content>
                )}
              </Box>
            </Tabs.Root>
          </Flex>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              <Trans>Close</Trans>
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Item({ label, value }: { label: string; value: string | undefined }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{value || "–"}</DataList.Value>
    </DataList.Item>
  );
}

/** Events, newest first; for internal roles with the reporting system's source, code and words. */
function EventTable({ events, internal }: { events: TrackingEvent[]; internal: boolean }) {
  const { t } = useLingui();
  const rows = [...events].sort((a, b) => b.eventTime.localeCompare(a.eventTime));
  if (rows.length === 0) {
    return (
      <Text size="2" color="gray">
        <Trans>No events yet.</Trans>
      </Text>
    );
  }
  return (
    <TrackingEventTable
      label={internal ? t`Customer-service events` : t`Events`}
      extraHeaders={internal ? [t`Source`, t`Code`, t`Description`] : []}
      events={rows.map((event) => ({
        time: event.eventTime,
        code: event.harmonizedCode,
        location: event.locationName,
        note: event.customerService && (
          <Badge color="amber">
            <Trans>Customer service</Trans>
          </Badge>
        ),
        extra: internal ? [event.eventSource, event.eventCode1, event.eventRawDesc] : undefined,
      }))}
    />
  );
}
