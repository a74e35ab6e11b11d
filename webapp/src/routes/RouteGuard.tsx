import { Navigate, Outlet, useLocation } from "react-router";
import { decideAccess, routeAccess, showsAccessPending } from "../auth/access";
import { useSessionState } from "../auth/session";
import { AccessPendingPage } from "../pages/AccessPendingPage";
import { ForbiddenPage } from "../pages/ForbiddenPage";
import { PageLoading } from "../pages/PageLoading";
import type { LoginLocationState } from "../navigation/loginState";

/**
 * Guards every page by the route table (spec 1 §2, §6): an anonymous visitor
 * on a private page is sent to /login, which brings them back afterwards; a
 * user without the page's role is told so, and a login staff have not linked
 * to a customer yet that its access is being set up. Public pages render at
 * once, the others wait while a stored credential is being checked.
 */
export function RouteGuard() {
  const location = useLocation();
  const state = useSessionState();
  if (routeAccess(location.pathname).public) return <Outlet />;
  if (state.status === "loading") return <PageLoading />;
  const decision = decideAccess(location.pathname, state.status === "authenticated" ? state.session : null);
  if (decision === "signIn") {
    const loginState: LoginLocationState = { from: location };
    return <Navigate to="/login" state={loginState} replace />;
  }
  if (state.status === "authenticated" && showsAccessPending(location.pathname, state.session)) {
    return <AccessPendingPage />;
  }
  if (decision === "forbidden") return <ForbiddenPage />;
  return <Outlet />;
}
