import { useCallback, useEffect, useRef } from "react";

/** The navigation state that asks the batch page to put the focus on the batch it opens (after an upload). */
export const landOnBatch = { focus: "batch" } as const;

/** Whether a navigation's state asks for the focus on the batch. */
export function landsOnBatch(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { focus?: unknown }).focus === landOnBatch.focus;
}

/** Whether the user has left the focus where a step put it, or lost it to the page: then the next change may take it. */
export function focusIsFree(keeper: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (keeper !== null && keeper.contains(active));
}

/**
 * The focus after a batch step (issue 25): send and manifest put it on the
 * batch's status, as their buttons may go away; a manifest then hands it on
 * to the manifest's download once that is there, unless the user has moved
 * it elsewhere in the meantime.
 */
export function useBatchFocus(manifestReady: boolean) {
  const status = useRef<HTMLElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  const awaitingDownload = useRef(false);
  const ready = useRef(manifestReady);
  const toStatus = useCallback(() => status.current?.focus(), []);
  const afterManifest = useCallback(() => {
    // A quick job may have made the manifest by the time the command's answer and the batch read again are in.
    if (ready.current && download.current) return download.current.focus();
    status.current?.focus();
    awaitingDownload.current = true;
  }, []);
  useEffect(() => {
    ready.current = manifestReady;
    if (!manifestReady || !awaitingDownload.current) return;
    awaitingDownload.current = false;
    if (focusIsFree(status.current)) download.current?.focus();
  }, [manifestReady]);
  return { status, download, toStatus, afterManifest };
}
