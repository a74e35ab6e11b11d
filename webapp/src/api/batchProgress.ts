import { Code, ConnectError } from "@connectrpc/connect";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { rereadBatches, storeBatches, useBatchClient } from "./batches";

/**
 * Live batch progress (issue 27): while a page shows batches in progress it
 * holds one WatchBatches stream for them, and every batch the stream sends
 * goes into React Query's cache, so the page reads nothing itself. When a
 * stream cannot be held the page polls as before:
 *
 * - the server turned streams off (BATCH_PROGRESS_STREAM=off answers
 *   Unimplemented): no page of this tab tries again;
 * - no message arrived in time: the first (the batches as they are) within
 *   `firstMessageMs`, then one at least every `silenceMs` (the server sends a
 *   heartbeat every 10 s), as behind a proxy that buffers answers;
 * - the stream broke more than `retries` times in a row (each reconnect starts
 *   with the batches as they are, so nothing is lost in between), or the
 *   session holds too many streams.
 *
 * `localStorage["portal.batchProgressStream"] = "off"` turns streams off in
 * this browser (tests of the polled pages, or a user behind such a proxy).
 */
export const streamOffKey = "portal.batchProgressStream";

const firstMessageMs = 5_000;
const silenceMs = 25_000;
const retries = 3;
const retryMs = 1_000;

/** The server said it serves no streams: this tab polls from now on. */
let serverOff = false;

function streamsOff() {
  try {
    return serverOff || localStorage.getItem(streamOffKey) === "off";
  } catch {
    return serverOff;
  }
}

/**
 * Holds a progress stream of the batches while `enabled` (some of them are in
 * progress). Answers whether the page may leave the reading to the stream;
 * false: poll.
 */
export function useBatchProgressStream(ids: readonly bigint[], enabled: boolean): boolean {
  const client = useBatchClient();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const key = ids.map(String).join(",");
  const off = streamsOff();
  useEffect(() => {
    if (!enabled || off || failed || key === "") return;
    const watched = key.split(",").map((id) => BigInt(id));
    const stop = new AbortController();
    void (async () => {
      let broken = 0;
      while (!stop.signal.aborted) {
        const attempt = new AbortController();
        const abortAttempt = () => attempt.abort();
        stop.signal.addEventListener("abort", abortAttempt);
        let silent = false;
        let timer = setTimeout(() => {
          silent = true;
          attempt.abort();
        }, firstMessageMs);
        try {
          for await (const message of client.watchBatches({ ids: watched }, { signal: attempt.signal, timeoutMs: 0 })) {
            clearTimeout(timer);
            timer = setTimeout(() => {
              silent = true;
              attempt.abort();
            }, silenceMs);
            broken = 0;
            storeBatches(queryClient, message.batches);
          }
          // Ended: none of the batches is in progress any more.
          return;
        } catch (error) {
          if (stop.signal.aborted) return;
          const code = error instanceof ConnectError ? error.code : Code.Unknown;
          if (code === Code.Unimplemented) serverOff = true;
          if (
            silent ||
            code === Code.Unimplemented ||
            code === Code.ResourceExhausted ||
            code === Code.Unauthenticated ||
            ++broken > retries
          ) {
            setFailed(true);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, retryMs));
        } finally {
          clearTimeout(timer);
          stop.signal.removeEventListener("abort", abortAttempt);
        }
      }
    })();
    return () => stop.abort();
  }, [client, queryClient, key, enabled, off, failed]);
  // Fallen back: read the batches now; the pages poll from that answer on.
  useEffect(() => {
    if (failed && key !== "")
      void rereadBatches(
        queryClient,
        key.split(",").map((id) => BigInt(id)),
      );
  }, [queryClient, failed, key]);
  return enabled && !off && !failed;
}
