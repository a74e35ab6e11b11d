/**
 * The auto-manifest schedule as the clock menu and the customer form edit it
 * (spec 3 §4 and §5): unticking active clears time and days, removing all
 * days turns it off, and it may be saved only when inactive or valid.
 */
export type Schedule = { active: boolean; time: string; days: string[] };

export const weekdays = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

export const emptySchedule: Schedule = { active: false, time: "", days: [] };

const timePattern = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export function withActive(schedule: Schedule, active: boolean): Schedule {
  return active ? { ...schedule, active: true } : emptySchedule;
}

export function withDay(schedule: Schedule, day: string, on: boolean): Schedule {
  const chosen = new Set(schedule.days);
  if (on) chosen.add(day);
  else chosen.delete(day);
  const days = weekdays.filter((d) => chosen.has(d));
  if (days.length === 0) return emptySchedule;
  return { ...schedule, active: true, days };
}

export function withTime(schedule: Schedule, time: string): Schedule {
  return { ...schedule, time };
}

export type ScheduleProblems = { time?: "required" | "pattern"; days?: "required" };

export function scheduleProblems(schedule: Schedule): ScheduleProblems {
  if (!schedule.active) return {};
  const problems: ScheduleProblems = {};
  if (schedule.time === "") problems.time = "required";
  else if (!timePattern.test(schedule.time)) problems.time = "pattern";
  if (schedule.days.length === 0) problems.days = "required";
  return problems;
}

export function canSave(schedule: Schedule): boolean {
  return Object.keys(scheduleProblems(schedule)).length === 0;
}

export function fromServer(schedule: { active: boolean; time: string; days: string[] } | null | undefined): Schedule {
  if (!schedule || !schedule.active) return emptySchedule;
  return { active: true, time: schedule.time, days: [...schedule.days] };
}
