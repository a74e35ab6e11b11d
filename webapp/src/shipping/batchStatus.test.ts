import { describe, expect, it } from "vitest";
import { batchStatuses } from "../test/batchStatuses";
import { inProgress, listRowActions, statusIcon, stepperOf } from "./batchStatus";

const statuses = batchStatuses;

describe("batch status (spec 2 §2.1, §4.1)", () => {
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
    ["ERROR_SOMETHING_NEW", "cross"],
    ["CANCELLED", "cross"],
    ["DELETED", "trash"],
  ])("%s has the %s icon", (status, icon) => {
    expect(statusIcon(status)).toBe(icon);
  });

  it("polls exactly while a job works on the batch, as core/batch InProgress", () => {
    const working = statuses.filter(inProgress);
    expect(working).toEqual([
      "SENDING",
      "CANCELLING",
      "RESENDING",
      "RESENDING_CHANGE",
      "RESENDING_ERROR",
      "DELETING",
      "CREATING_MANIFEST",
    ]);
    expect(inProgress(undefined)).toBe(false);
  });

  it.each(statuses)("disables the list's actions in %s as the spec says", (status) => {
    const deleteOff = [
      "SENDING",
      "RESENDING",
      "RESENDING_CHANGE",
      "RESENDING_ERROR",
      "CREATING_MANIFEST",
      "MANIFEST_CREATED",
      "DELETING",
    ];
    expect(listRowActions(status)).toEqual({
      viewDisabled: status === "DELETING",
      deleteDisabled: deleteOff.includes(status),
    });
  });

  it("lets the server's actions decide when they come", () => {
    expect(listRowActions("CANCELLING", { view: true, delete: false })).toEqual({
      viewDisabled: false,
      deleteDisabled: true,
    });
    expect(listRowActions("DELETING", { view: false, delete: false })).toEqual({
      viewDisabled: true,
      deleteDisabled: true,
    });
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
  ])("puts the stepper of %s where it belongs", (status, state) => {
    expect(stepperOf(status)).toEqual(state);
  });
});
