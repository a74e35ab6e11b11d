import { useState } from "react";
import { useRunningVersion } from "../api/management";

/**
 * The version the server runs now, when it differs from the one this page
 * was loaded with (spec 1 §4); otherwise null.
 */
export function useNewVersion(): string | null {
  const { data: running } = useRunningVersion();
  const [loadedWith, setLoadedWith] = useState<string>();
  // The first version seen is kept while rendering, so no effect has to copy it.
  if (running && loadedWith === undefined) setLoadedWith(running);
  return running && loadedWith && running !== loadedWith ? running : null;
}
