import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorPage } from "./ErrorPage";

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; failedAt: string | null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    // The first render after the failure remembers where it happened; a navigation elsewhere clears it.
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error === null ? this.props.children : <ErrorPage />;
  }
}

/**
 * A page that failed to render (or whose code failed to load) shows the
 * error page instead of a blank screen (spec 1 §8), until the user goes
 * somewhere else. What React Router's errorElement did, without its data
 * router (issue 16: /login's download).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}
