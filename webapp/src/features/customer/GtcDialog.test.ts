import { describe, expect, it } from "vitest";
import { nearEnd, scrollThresholdPx } from "./GtcDialog";

describe("the GTC reader's scroll rule (spec 3 §9)", () => {
  const box = { scrollHeight: 5000, clientHeight: 600 };

  it("unlocks within 200 px of the end, not before", () => {
    expect(scrollThresholdPx).toBe(200);
    expect(nearEnd({ ...box, scrollTop: 0 })).toBe(false);
    expect(nearEnd({ ...box, scrollTop: 4199 })).toBe(false);
    expect(nearEnd({ ...box, scrollTop: 4200 })).toBe(true);
    expect(nearEnd({ ...box, scrollTop: 4400 })).toBe(true);
  });

  it("unlocks at once when the terms fit without scrolling", () => {
    expect(nearEnd({ scrollHeight: 500, clientHeight: 600, scrollTop: 0 })).toBe(true);
  });
});
