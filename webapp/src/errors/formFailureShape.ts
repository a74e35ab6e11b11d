import type { MessageDescriptor } from "@lingui/core";
import type { FailureMessage } from "./describeFailure";

/**
 * A failed call as a form shows it: messages under its own fields, the rest
 * above the buttons. Apart from formFailure.ts, which works it out from a
 * Connect error, so the sign-in form holds it without Connect (issue 26).
 */
export type FormFailure = {
  fields: Record<string, MessageDescriptor>;
  messages: FailureMessage[];
};

export const noFailure: FormFailure = { fields: {}, messages: [] };
