import { Suspense, useState } from "react";
import { withFullCatalog } from "../i18n/activateLocale";
import { useNewVersion } from "../api/shellData";
import { lazyNamed } from "../components/lazyNamed";

/** The notice's look loads when there is a new version to tell of, not with /login (issue 16). */
const VersionCallout = lazyNamed(() => withFullCatalog(import("./VersionCallout")), "VersionCallout");

/** Tells the user once that a new version was deployed, with a way to load it. */
export function NewVersionNotice() {
  const newVersion = useNewVersion();
  const [dismissed, setDismissed] = useState(false);
  if (!newVersion || dismissed) return null;
  return (
    <Suspense>
      <VersionCallout newVersion={newVersion} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
