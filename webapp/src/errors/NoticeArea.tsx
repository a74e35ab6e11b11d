import { lazy, Suspense, useState } from "react";
import { withFullCatalog } from "../i18n/activateLocale";
import { useNotices } from "./notices";

/** Radix's toasts load with the first notice: most visits show none, /login included (issue 16). */
const NoticeToasts = lazy(() => withFullCatalog(import("./NoticeToasts")).then((m) => ({ default: m.NoticeToasts })));

/** The toast area: nothing until the first notice, then the toasts (spec 1 §8). */
export function NoticeArea() {
  const notices = useNotices();
  const [needed, setNeeded] = useState(false);
  if (notices.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense>
      <NoticeToasts />
    </Suspense>
  );
}
