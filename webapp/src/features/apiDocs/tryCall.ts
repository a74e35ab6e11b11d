import type { ApiOperation } from "./openApi";

/** A call the reference sends: the URL with its path and query parameters filled in, the method and the body. */
export type TriedRequest = { url: string; method: string; body: string | null };

/** What came back, as the reference shows it. */
export type TriedAnswer = {
  status: number;
  statusText: string;
  ms: number;
  contentType: string;
  /** X-Total-Count of a paged list; null without one. */
  totalCount: string | null;
  /** The answer as text (JSON pretty-printed) when it is text; null for a file. */
  text: string | null;
  /** The answer as a file, for a download (labels, zips, CSV). */
  blob: Blob;
};

/** The longest answer shown as text; a longer one is cut, and offered whole as a file. */
export const maxShownChars = 200_000;

/**
 * The request for an operation with the values a person typed: path parameters replace their {placeholders}
 * (encoded), query parameters with a value join the query, and a body goes with the operations that take one.
 */
export function requestOf(operation: ApiOperation, values: Record<string, string>, body: string): TriedRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name] ?? "";
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === "query" && value !== "") query.append(parameter.name, value);
  }
  const search = query.toString();
  return {
    url: search ? `${path}?${search}` : path,
    method: operation.method,
    body: operation.requestBody !== null && operation.method !== "GET" ? body : null,
  };
}

const textual = (contentType: string) => /json|^text\/|xml|yaml/.test(contentType);

/** Sends the request with the signed-in user's bearer (none for a visitor) and reads the answer. */
export async function sendCall(
  request: TriedRequest,
  bearer: string | null,
  signal?: AbortSignal,
): Promise<TriedAnswer> {
  const headers: Record<string, string> = {};
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (request.body !== null) headers["Content-Type"] = "application/json";
  const started = performance.now();
  const response = await fetch(request.url, { method: request.method, headers, body: request.body, signal });
  const contentType = response.headers.get("Content-Type") ?? "";
  let text: string | null = null;
  let blob: Blob;
  if (textual(contentType)) {
    text = await response.text();
    blob = new Blob([text], { type: contentType });
    if (contentType.includes("json")) {
      try {
        text = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON after all: shown as it came
      }
    }
    if (text.length > maxShownChars) text = text.slice(0, maxShownChars);
  } else {
    blob = await response.blob();
  }
  const ms = Math.round(performance.now() - started);
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    contentType,
    totalCount: response.headers.get("X-Total-Count"),
    text,
    blob,
  };
}
