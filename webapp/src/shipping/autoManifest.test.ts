import { describe, expect, it } from "vitest";
import { canSave, emptySchedule, scheduleProblems, withActive, withDay, withTime } from "./autoManifest";

describe("auto-manifest schedule", () => {
  const full = { active: true, time: "17:30", days: ["MONDAY", "FRIDAY"] };

  it("clears time and days when active is unticked", () => {
    expect(withActive(full, false)).toEqual(emptySchedule);
  });

  it("turns off when the last day is removed", () => {
    const one = withDay(full, "FRIDAY", false);
    expect(one.days).toEqual(["MONDAY"]);
    expect(withDay(one, "MONDAY", false)).toEqual(emptySchedule);
  });

  it("keeps days in weekday order and ticking a day activates", () => {
    expect(withDay(emptySchedule, "SUNDAY", true)).toEqual({ active: true, time: "", days: ["SUNDAY"] });
    expect(withDay(full, "TUESDAY", true).days).toEqual(["MONDAY", "TUESDAY", "FRIDAY"]);
  });

  it("saves only when inactive or valid", () => {
    expect(canSave(emptySchedule)).toBe(true);
    expect(canSave(full)).toBe(true);
    expect(scheduleProblems(withTime(full, ""))).toEqual({ time: "required" });
    expect(scheduleProblems(withTime(full, "7:5"))).toEqual({ time: "pattern" });
    expect(scheduleProblems(withTime(full, "24:00"))).toEqual({ time: "pattern" });
    expect(scheduleProblems({ active: true, time: "08:00", days: [] })).toEqual({ days: "required" });
  });
});
