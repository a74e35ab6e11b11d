import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Checkbox, Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { type Schedule, scheduleProblems, weekdays, withActive, withDay, withTime } from "./autoManifest";

/** Weekday names, translated, by the server's day codes. */
export const dayNames = {
  MONDAY: msg`Monday`,
  TUESDAY: msg`Tuesday`,
  WEDNESDAY: msg`Wednesday`,
  THURSDAY: msg`Thursday`,
  FRIDAY: msg`Friday`,
  SATURDAY: msg`Saturday`,
  SUNDAY: msg`Sunday`,
} as const;

/** Active, weekdays and time HH:mm of an auto-manifest schedule, with the rules of spec 3 §4. */
export function ScheduleEditor({
  schedule,
  onChange,
  showProblems,
}: {
  schedule: Schedule;
  onChange: (schedule: Schedule) => void;
  showProblems: boolean;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const problems = showProblems ? scheduleProblems(schedule) : {};
  return (
    <Flex direction="column" gap="3" data-testid="auto-manifest-schedule">
      <Text as="label" size="2" weight="medium">
        <Flex gap="2" align="center">
          <Checkbox checked={schedule.active} onCheckedChange={(on) => onChange(withActive(schedule, on === true))} />
          <Trans>Create manifests automatically</Trans>
        </Flex>
      </Text>
      <Flex direction="column" gap="1" role="group" aria-label={i18n._(msg`Days`)}>
        <Flex gap="3" wrap="wrap">
          {weekdays.map((day) => (
            <Text as="label" size="2" key={day}>
              <Flex gap="1" align="center">
                <Checkbox
                  checked={schedule.days.includes(day)}
                  onCheckedChange={(on) => onChange(withDay(schedule, day, on === true))}
                />
                {i18n._(dayNames[day])}
              </Flex>
            </Text>
          ))}
        </Flex>
        {problems.days && (
          <Text size="1" color="red" role="alert">
            <Trans>Choose at least one day.</Trans>
          </Text>
        )}
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={`${id}-time`} size="2" weight="medium">
          <Trans>Time (HH:mm)</Trans>
        </Text>
        <TextField.Root
          id={`${id}-time`}
          type="time"
          value={schedule.time}
          disabled={!schedule.active}
          aria-invalid={!!problems.time}
          onChange={(event) => onChange(withTime(schedule, event.target.value))}
        />
        {problems.time && (
          <Text size="1" color="red" role="alert">
            {problems.time === "required" ? <Trans>Enter a time.</Trans> : <Trans>Enter the time as HH:mm.</Trans>}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
