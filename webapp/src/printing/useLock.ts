import { useCallback, useEffect, useRef, useState } from "react";

/** The label buttons stay disabled this long after a click (spec 2 §4.4). */
export const labelLockMs = 5_000;

/**
 * A button's lock after a click: `lock()` disables it for `ms`, so a second
 * click cannot fetch the same large file again while the first is on its way.
 */
export function useLock(ms: number): [locked: boolean, lock: () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), ms);
  }, [ms]);
  return [locked, lock];
}
