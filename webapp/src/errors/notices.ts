import { useSyncExternalStore } from "react";
import type { FailureMessage } from "./describeFailure";

/**
 * How a notice reads: failures are errors (the default); a warning says
 * something was not there; info says what is happening (spec 2 §4.4).
 */
export type NoticeTone = "error" | "warning" | "info";

/** What a notice needs besides its text: its tone and, if not the default, how long it stays (ms). */
export type NoticeOptions = { tone?: NoticeTone; duration?: number };

/** A message waiting in the toast area. */
export type Notice = FailureMessage & NoticeOptions & { id: number };

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notice[]) {
  notices = next;
  listeners.forEach((listener) => listener());
}

/**
 * Queues messages for the toast area. A module-level store, because failures
 * are reported from the query cache, outside any component.
 */
export function showNotices(messages: FailureMessage[], options: NoticeOptions = {}): void {
  publish([...notices, ...messages.map((message) => ({ ...message, ...options, id: nextId++ }))]);
}

export function dismissNotice(id: number): void {
  publish(notices.filter((notice) => notice.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices waiting now. */
export function currentNotices(): Notice[] {
  return notices;
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(subscribe, currentNotices);
}
