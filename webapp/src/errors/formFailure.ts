import { ConnectError } from "@connectrpc/connect";
import type { MessageDescriptor } from "@lingui/core";
import { ErrorDetailSchema } from "../gen/portal/v1/errors_pb";
import { describeFailure, fieldMessage } from "./describeFailure";
import { type FormFailure, noFailure } from "./formFailureShape";
import { isKnownMessageKey } from "./serverMessages";

export { type FormFailure, noFailure } from "./formFailureShape";

/**
 * Splits a failure for a form that shows it inline: each server field error
 * goes under the form's field of the same name (the request's field names),
 * field errors for fields the form does not show and everything else become
 * messages, translated like the global catalogue (spec 1 §8) would. The
 * server's message key wins, so a sign-in answer of 401 reads
 * 'error.badCredentials' rather than 'session ended'; without any key,
 * `fallback` names what went wrong (unless the server was not reachable).
 */
export function describeFormFailure(
  error: unknown,
  formFields: readonly string[] = [],
  fallback?: MessageDescriptor,
): FormFailure {
  const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
  if (detail && detail.fieldErrors.length > 0 && !detail.entityName) {
    const failure: FormFailure = { fields: {}, messages: [] };
    for (const fieldError of detail.fieldErrors) {
      const message = fieldMessage(fieldError);
      if (formFields.includes(fieldError.field)) failure.fields[fieldError.field] ??= message.text;
      else failure.messages.push(message);
    }
    return failure;
  }
  if (detail && isKnownMessageKey(detail.messageKey)) {
    const values: Record<string, string> = { ...detail.params };
    if (detail.entityName) values.entityName = detail.entityName;
    return { fields: {}, messages: [{ text: { id: detail.messageKey, values } }] };
  }
  const outcome = describeFailure(error);
  switch (outcome.kind) {
    case "silent":
      return noFailure;
    case "signOut":
      return { fields: {}, messages: [fallback ? { text: fallback } : outcome.message] };
    case "notify": {
      // "Server not reachable" says more than any fallback.
      const unreachable = outcome.messages.some((message) => message.text.id === "error.server.not.reachable");
      return { fields: {}, messages: fallback && !unreachable ? [{ text: fallback }] : outcome.messages };
    }
  }
}
