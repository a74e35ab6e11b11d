import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * Every message the server or the failure mapper refers to by key: the
 * ErrorDetail.messageKey values, the `error.{rule}` keys of field errors, the
 * `error.http.{status}` fallbacks. The key is the Lingui message id, so a new
 * server key needs one line here and a translation in each catalog.
 */
const catalog = [
  msg({ id: "error.server.not.reachable", message: "Server not reachable" }),
  msg({ id: "error.url.not.found", message: "Not found" }),
  msg({ id: "error.unknown", message: "Unknown error!" }),
  msg({ id: "error.internal", message: "Something went wrong on our side. Please try again later." }),
  msg({ id: "error.timeout", message: "The request took too long. Please try again." }),
  msg({ id: "error.validation", message: "The request contains invalid values." }),
  msg({ id: "error.idexists", message: "A new {entityName} cannot already have an ID." }),
  msg({ id: "error.field", message: 'Error on field "{fieldName}"' }),
  msg({ id: "error.required", message: "This field is required." }),
  msg({ id: "error.pattern", message: "This field does not have the expected format." }),
  msg({ id: "error.Size", message: "This field is too short or too long." }),
  msg({ id: "error.email", message: "This field needs a valid e-mail address." }),
  msg({ id: "error.http.400", message: "The request was not accepted." }),
  msg({ id: "error.http.409", message: "The request conflicts with the current state." }),
  msg({ id: "error.http.429", message: "Too many requests. Please wait a moment and try again." }),
  msg({ id: "error.http.500", message: "Internal server error" }),
  msg({ id: "error.http.501", message: "The server does not offer this function." }),
  msg({ id: "error.http.503", message: "The service is unavailable. Please try again later." }),
  msg({ id: "error.http.504", message: "The server took too long to answer." }),
  msg({ id: "login.error.unauthorized", message: "Your session has ended. Please sign in again." }),
  // Carries a server text that has no key of its own; translators keep it as it is.
  msg({ id: "error.message", message: "{message}" }),
] satisfies MessageDescriptor[];

const knownKeys = new Set<string>(catalog.map((descriptor) => descriptor.id));

/** Whether the catalogs hold a translation for this key. */
export function isKnownMessageKey(key: string): boolean {
  return knownKeys.has(key);
}
