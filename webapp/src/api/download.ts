import { Code, ConnectError } from "@connectrpc/connect";
import { useMutation } from "@tanstack/react-query";
import { readCredential } from "../auth/credentialStore";
import { ErrorDetailSchema } from "../gen/portal/v1/errors_pb";

/** A file the portal sent: its bytes, its type, and the name the server gave it, if any. */
export type DownloadedFile = { blob: Blob; contentType: string; fileName: string | null };

/**
 * The file name of a Content-Disposition header: the RFC 5987 form
 * (filename*=UTF-8''...) wins over the plain one, as browsers do.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  if (!plain) return null;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain[1].trim();
}

/** The Connect code whose HTTP status is this one, so the failure mapper judges REST failures alike. */
function codeOf(status: number): Code {
  switch (status) {
    case 400:
      return Code.InvalidArgument;
    case 401:
      return Code.Unauthenticated;
    case 403:
      return Code.PermissionDenied;
    case 404:
      return Code.NotFound;
    case 409:
      return Code.Aborted;
    case 429:
      return Code.ResourceExhausted;
    case 501:
      return Code.Unimplemented;
    case 503:
      return Code.Unavailable;
    case 504:
      return Code.DeadlineExceeded;
    default:
      return Code.Internal;
  }
}

type Problem = {
  message?: string;
  detail?: string;
  params?: Record<string, string>;
  entityName?: string;
  fieldErrors?: { objectName?: string; field?: string; message?: string }[];
};

/**
 * Turns a REST failure (a problem document with a message key, spec 1 §8)
 * into the ConnectError the rest of the webapp already understands.
 */
async function failureOf(response: Response): Promise<ConnectError> {
  const code = codeOf(response.status);
  let problem: Problem | null = null;
  if ((response.headers.get("Content-Type") ?? "").includes("json")) {
    try {
      problem = (await response.json()) as Problem;
    } catch {
      problem = null;
    }
  }
  if (!problem?.message) return new ConnectError(`HTTP ${response.status}`, code);
  return new ConnectError(problem.detail || problem.message, code, undefined, [
    {
      desc: ErrorDetailSchema,
      value: {
        messageKey: problem.message,
        params: problem.params ?? {},
        entityName: problem.entityName ?? "",
        fieldErrors: (problem.fieldErrors ?? []).map((f) => ({
          objectName: f.objectName ?? "",
          field: f.field ?? "",
          message: f.message ?? "",
        })),
      },
    },
  ]);
}

/**
 * GETs a download of the REST facade (web/api/...) with the bearer header.
 * The Connect clients cannot read Content-Disposition, and the spec names the
 * files by it (the manifest's timestamp); large label PDFs also come as bytes
 * rather than base64 in JSON.
 */
export async function fetchFile(
  path: string,
  query: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const credential = readCredential();
  const search = new URLSearchParams(query).toString();
  const response = await fetch(search ? `${path}?${search}` : path, {
    headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    signal,
  });
  if (!response.ok) throw await failureOf(response);
  return {
    blob: await response.blob(),
    contentType: response.headers.get("Content-Type") ?? "application/octet-stream",
    fileName: fileNameOf(response.headers.get("Content-Disposition")),
  };
}

/** Hands a downloaded file to the browser under the server's name, else the fallback. */
export function saveDownloaded(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName || fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Lets the browser download a file itself, as a plain link (spec 2 §7: the
 * batch's labels and commercial invoice). A link carries no Authorization
 * header: its `bearer` parameter holds a download token made for it, never
 * the session token, which must not stand in URLs, logs or the history.
 */
export function openLink(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Whether a file is text (ZPL labels, SOAP traffic) rather than a document to save. */
export function isText(file: DownloadedFile): boolean {
  return /^text\/|xml/.test(file.contentType);
}

/** A value that keeps browsers and proxies from answering a download from their cache. */
export function cacheBuster(): string {
  return String(Date.now());
}

/**
 * A download as a mutation, so that its failure reaches the global failure
 * reporter like any other call (or the caller, with `inlineMessages`).
 */
export function useFileDownload(inlineMessages = false) {
  return useMutation({
    mutationFn: ({ path, query }: { path: string; query?: Record<string, string> }) => fetchFile(path, query),
    meta: { inlineMessages },
  });
}
