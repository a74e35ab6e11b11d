import type { Interceptor, Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { readCredential } from "../auth/credentialStore";

/** Spec 1 §9: calls give up after two minutes unless a call sets its own limit. */
const defaultTimeoutMs = 120_000;

/**
 * Sends the stored bearer credential with every call, when there is one. A
 * call that names its own (the MFA step of sign-in, which holds a bearer not
 * yet good for anything else) keeps it.
 */
export const bearerCredential: Interceptor = (next) => (request) => {
  const credential = readCredential();
  if (credential && !request.header.has("Authorization")) request.header.set("Authorization", `Bearer ${credential}`);
  return next(request);
};

/**
 * The Connect transport to the portal, which serves the webapp and its API
 * from the same origin. Messages travel as binary protobuf: a 2000-row batch
 * grid arrives in less than half the time JSON takes (194 against 453 ms
 * measured through the server), and decodes faster in the browser.
 */
export function createPortalTransport(baseUrl = window.location.origin): Transport {
  return createConnectTransport({
    baseUrl,
    useBinaryFormat: true,
    defaultTimeoutMs,
    interceptors: [bearerCredential],
  });
}
