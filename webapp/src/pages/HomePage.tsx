import { Suspense } from "react";
import { Navigate } from "react-router";
import { isTrackingOnly, useSessionState } from "../auth/session";
import { withFullCatalog } from "../i18n/activateLocale";
import { PageLoading } from "./PageLoading";
import { lazyNamed } from "../components/lazyNamed";

/** The public home (its video and texts) loads on its own, not with /login (issue 16). */
const PublicHome = lazyNamed(() => withFullCatalog(import("./PublicHome")), "PublicHome");

/**
 * The start page decides by who is looking (spec 1 §2): tracking-only users
 * land on tracking, other signed-in users on the dashboard, visitors on the
 * public home. While a stored credential is checked it waits, rather than
 * flash the public home at a returning user.
 */
export function HomePage() {
  const state = useSessionState();
  if (state.status === "loading") return <PageLoading />;
  if (state.status === "anonymous") {
    return (
      <Suspense fallback={<PageLoading />}>
        <PublicHome />
      </Suspense>
    );
  }
  return <Navigate to={isTrackingOnly(state.session) ? "/tracking" : "/dashboard"} replace />;
}
