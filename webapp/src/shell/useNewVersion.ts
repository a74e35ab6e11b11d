import { useEffect, useState } from "react";
import { useRunningVersion } from "../api/management";

/**
 * The version the server runs now, when it differs from the one this page
 * was loaded with (spec 1 §4); otherwise null.
 */
export function useNewVersion(): string | null {
  const { data: running } = useRunningVersion();
  const [loadedWith, setLoadedWith] = useState<string>();
  useEffect(() => {
    if (running && loadedWith === undefined) setLoadedWith(running);
  }, [running, loadedWith]);
  return running && loadedWith && running !== loadedWith ? running : null;
}
