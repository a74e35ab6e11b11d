import { Navigate } from "react-router";
import { isTrackingOnly, useSession } from "../auth/session";
import { PublicHome } from "./PublicHome";

/**
 * The start page decides by who is looking (spec 1 §2): tracking-only users
 * land on tracking, other signed-in users on the dashboard, visitors on the
 * public home.
 */
export function HomePage() {
  const session = useSession();
  if (!session) return <PublicHome />;
  return <Navigate to={isTrackingOnly(session) ? "/tracking" : "/dashboard"} replace />;
}
