import { Code, ConnectError } from "@connectrpc/connect";
import type { MessageDescriptor } from "@lingui/core";
import { type ErrorDetail, ErrorDetailSchema } from "../gen/portal/v1/errors_pb";
import { httpStatusOf } from "./httpStatus";
import { isKnownMessageKey } from "./serverMessages";

/** One message for the user: an optional heading and a text, both translatable. */
export type FailureMessage = { title?: MessageDescriptor; text: MessageDescriptor };

/** What the user sees of a failed call. */
export type FailureOutcome =
  | { kind: "silent" }
  | { kind: "notify"; messages: FailureMessage[] }
  /** The credential is no longer good: forget it and ask the user to sign in. */
  | { kind: "signOut"; message: FailureMessage };

export type FailureContext = {
  /** The call is the session probe, where 401 only means "anonymous" (spec 1 §8). */
  unauthenticatedIsExpected?: boolean;
};

/** Server rule keys that the portal shows as 'Size' (spec 1 §5). */
const sizeRules = new Set(["Min", "Max", "DecimalMin", "DecimalMax"]);

const key = (id: string, values?: Record<string, string>): MessageDescriptor => ({ id, values });
const notify = (...messages: FailureMessage[]): FailureOutcome => ({ kind: "notify", messages });

/**
 * Maps a failed call to what the user sees, following the global error
 * catalogue of spec 1 §8. Pure: the caller shows the messages and performs
 * the sign-out, which keeps every row of the table testable here.
 */
export function describeFailure(error: unknown, context: FailureContext = {}): FailureOutcome {
  if (isUnreachable(error)) return notify({ text: key("error.server.not.reachable") });
  if (!(error instanceof ConnectError)) return notify({ text: key("error.unknown") });
  // A call the page abandoned itself (navigation, unmount) is no failure.
  if (error.code === Code.Canceled) return { kind: "silent" };

  const status = httpStatusOf(error.code);
  const detail = error.findDetails(ErrorDetailSchema)[0];
  switch (status) {
    case 400:
      // An error about an entity (the REST facade's app-error) wins over its field errors.
      if (detail && !detail.entityName && detail.fieldErrors.length) {
        return notify(...detail.fieldErrors.map(fieldMessage));
      }
      return notify({ text: serverMessage(error, detail, status) });
    case 404:
      return notify({ text: key("error.url.not.found") });
    case 401:
      if (context.unauthenticatedIsExpected) return { kind: "silent" };
      return { kind: "signOut", message: { text: key("login.error.unauthorized") } };
    case 403:
      return { kind: "signOut", message: { text: key("login.error.unauthorized") } };
    default:
      return notify({ text: serverMessage(error, detail, status) });
  }
}

/**
 * The browser got no answer at all (the fetch itself failed, spec's "status
 * 0"), or a gateway in front of the portal answered for it without the
 * portal's error detail.
 */
function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof ConnectError)) return false;
  if (error.cause instanceof TypeError) return true;
  return error.code === Code.Unavailable && error.findDetails(ErrorDetailSchema).length === 0;
}

export function fieldMessage(fieldError: ErrorDetail["fieldErrors"][number]): FailureMessage {
  const rule = sizeRules.has(fieldError.message) ? "Size" : fieldError.message;
  const values = { fieldName: fieldError.field };
  const ruleKey = `error.${rule}`;
  return {
    title: key("error.field", values),
    text: isKnownMessageKey(ruleKey) ? key(ruleKey, values) : key("error.validation"),
  };
}

/**
 * The server's own message: its key when the catalogs know it (with the
 * entity name, spec's app-params), else for an answer without our detail (a
 * proxy or the client library) the generic text of the status, else the text
 * the server sent, else 'Unknown error!'.
 */
function serverMessage(error: ConnectError, detail: ErrorDetail | undefined, status: number): MessageDescriptor {
  if (detail && isKnownMessageKey(detail.messageKey)) {
    const values: Record<string, string> = { ...detail.params };
    if (detail.entityName) values.entityName = detail.entityName;
    return key(detail.messageKey, values);
  }
  const statusKey = `error.http.${status}`;
  if (!detail && isKnownMessageKey(statusKey)) return key(statusKey);
  if (error.rawMessage) return key("error.message", { message: error.rawMessage });
  return key("error.unknown");
}
