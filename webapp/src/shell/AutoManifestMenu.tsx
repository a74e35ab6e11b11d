import { Trans, useLingui } from "@lingui/react/macro";
import { ClockIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton, Popover, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useAutoManifest, useUpdateAutoManifest } from "../api/customers";
import { awaitsLink, hasAnyRole, Role } from "../auth/access";
import { useActiveCustomer } from "../auth/activeCustomer";
import { useSession } from "../auth/session";
import { FormMessages } from "../components/form/FormMessages";
import { describeFormFailure, noFailure } from "../errors/formFailure";
import { canSave, emptySchedule, fromServer, type Schedule } from "../shipping/autoManifest";
import { ScheduleEditor } from "../shipping/ScheduleEditor";

/**
 * The auto-manifest clock of spec 1 §2, for USER, OPERATIONS and ADMIN: the
 * active customer's schedule (active, weekdays, time HH:mm), saved only when
 * it is off or complete.
 */
export function AutoManifestMenu() {
  const { t } = useLingui();
  const session = useSession();
  const { activeCustomer } = useActiveCustomer();
  const [open, setOpen] = useState(false);
  if (!session || !hasAnyRole(session, [Role.user, Role.operations, Role.admin]) || awaitsLink(session)) return null;
  if (!activeCustomer) {
    return (
      <span data-testid="auto-manifest-menu" style={{ display: "inline-flex" }}>
        <IconButton variant="ghost" color="gray" disabled aria-label={t`Automatic manifests`}>
          <ClockIcon />
        </IconButton>
      </span>
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={t`Automatic manifests`} data-testid="auto-manifest-menu">
          <ClockIcon />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content width="360px">
        {open && (
          <ScheduleForm
            customerId={activeCustomer.id}
            name={activeCustomer.name}
            hubCountry={activeCustomer.hubCountryCode}
            onDone={() => setOpen(false)}
          />
        )}
      </Popover.Content>
    </Popover.Root>
  );
}

function ScheduleForm({
  customerId,
  name,
  hubCountry,
  onDone,
}: {
  customerId: bigint;
  name: string;
  hubCountry: string;
  onDone: () => void;
}) {
  const stored = useAutoManifest(customerId);
  const save = useUpdateAutoManifest();
  const [schedule, setSchedule] = useState<Schedule>(emptySchedule);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  // Until the user edits, the form follows the stored schedule (adjusted while rendering, not in an effect).
  const [shownData, setShownData] = useState<typeof stored.data>();
  if (stored.data !== undefined && !touched && stored.data !== shownData) {
    setShownData(stored.data);
    setSchedule(fromServer(stored.data));
  }
  const change = (next: Schedule) => {
    setTouched(true);
    setSchedule(next);
  };
  return (
    <Flex direction="column" gap="3">
      <Text weight="bold">
        <Trans>Automatic manifests for {name}</Trans>
      </Text>
      <ScheduleEditor schedule={schedule} onChange={change} showProblems={touched} />
      {hubCountry && (
        <Text size="1" color="gray" data-testid="auto-manifest-zone">
          <Trans>
            Times are local time at the customer's hub ({hubCountry}). At each time the labelled parcels and sent
            batches without a manifest are manifested, and the manifests are mailed.
          </Trans>
        </Text>
      )}
      <FormMessages messages={failure.messages} />
      <Flex justify="end" gap="2">
        <Popover.Close>
          <Button variant="soft" color="gray">
            <Trans>Cancel</Trans>
          </Button>
        </Popover.Close>
        <Button
          disabled={!canSave(schedule)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: customerId, schedule },
              { onSuccess: onDone, onError: (error) => setFailure(describeFormFailure(error)) },
            )
          }
        >
          <Trans>Save</Trans>
        </Button>
      </Flex>
    </Flex>
  );
}
