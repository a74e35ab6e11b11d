import { Trans, useLingui } from "@lingui/react/macro";
import { FailureCallout } from "../../errors/FailureCallout";
import { Button, Callout, Card, Flex, Heading, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useShipmentTracking } from "../../api/dashboard";
import { describeFormFailure } from "../../errors/formFailure";
import { TrackingEventTable } from "../../shipping/TrackingEventTable";
import { TrackingProgress } from "../../shipping/TrackingProgress";

/**
 * The shipment tracking box (spec 3 §2): a tracking number, then the
 * parcel's six-step progress and its events, refreshed while shown. An
 * unknown parcel, or another customer's, says 'trackingNotFound'.
 */
export function TrackingBox() {
  const { t } = useLingui();
  const [input, setInput] = useState("");
  const [id, setId] = useState<string | null>(null);
  const tracking = useShipmentTracking(id);
  const failure = tracking.isError ? describeFormFailure(tracking.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = input.trim();
    setId(trimmed === "" ? null : trimmed);
  };
  const data = tracking.data;
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="3">
          <Trans>Shipment tracking</Trans>
        </Heading>
        <form onSubmit={submit}>
          <Flex gap="2">
            <TextField.Root
              aria-label={t`Tracking number`}
              placeholder={t`Tracking number`}
              maxLength={50}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={tracking.isFetching && !data}>
              <Trans>Track</Trans>
            </Button>
          </Flex>
        </form>
        <FailureCallout failure={failure} />
        {data && !failure && (
          <Flex direction="column" gap="3" aria-label={t`Parcel ${data.trackingId}`} role="region">
            <TrackingProgress codes={data.events.map((event) => event.code)} />
            {data.untracked && (
              <Callout.Root color="gray">
                <Callout.Text>
                  <Trans>This product is untracked: no further events available.</Trans>
                </Callout.Text>
              </Callout.Root>
            )}
            <TrackingEventTable
              events={data.events.map((event) => ({
                time: event.time,
                code: event.code,
                location: event.locationName,
                note: event.carrierEventDescription && `(${event.carrierEventDescription})`,
              }))}
            />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
