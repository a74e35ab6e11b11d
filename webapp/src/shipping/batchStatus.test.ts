import { describe, expect, it } from "vitest";
import { Batch_Status } from "../gen/portal/v1/batches_pb";
import { statusIcon, stepperOf } from "./batchStatus";

describe("batch status as the screens draw it (spec 2 §2.1, §4.1)", () => {
  it.each([
    ["CREATED", "file"],
    ["SENT", "upload"],
    ["SENDING", "spinner"],
    ["RESENDING", "spinner"],
    ["RESENDING_CHANGE", "spinner"],
    ["RESENDING_ERROR", "spinner"],
    ["CANCELLING", "spinner"],
    ["DELETING", "spinner"],
    ["CREATING_MANIFEST", "spinner"],
    ["MANIFEST_CREATED", "check"],
    ["ERROR_SEND", "cross"],
    ["ERROR_MANIFEST", "cross"],
    ["CANCELLED", "cross"],
    ["DELETED", "trash"],
  ] as const)("%s has the %s icon", (status, icon) => {
    expect(statusIcon(Batch_Status[status])).toBe(icon);
  });

  it.each([
    ["CREATED", { kind: "steps", current: 0, working: false, done: false }],
    ["SENDING", { kind: "steps", current: 1, working: true, done: false }],
    ["RESENDING_ERROR", { kind: "steps", current: 1, working: true, done: false }],
    ["CANCELLING", { kind: "steps", current: 1, working: true, done: false }],
    ["SENT", { kind: "steps", current: 2, working: false, done: false }],
    ["CANCELLED", { kind: "steps", current: 2, working: false, done: false }],
    ["DELETING", { kind: "steps", current: 2, working: true, done: false }],
    ["CREATING_MANIFEST", { kind: "steps", current: 3, working: true, done: false }],
    ["MANIFEST_CREATED", { kind: "steps", current: 3, working: false, done: true }],
    ["ERROR_SEND", { kind: "error" }],
    ["ERROR_MANIFEST", { kind: "error" }],
    ["DELETED", { kind: "deleted" }],
  ] as const)("puts the stepper of %s where it belongs", (status, state) => {
    // The spinner follows the server's in_progress, which only a working status has.
    const working = "working" in state && state.working;
    expect(stepperOf(Batch_Status[status], working)).toEqual(state);
  });
});
