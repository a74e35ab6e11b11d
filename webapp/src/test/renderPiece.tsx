import type { Transport } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../App";
import { createQueryClient } from "../api/queryClient";
import { createFailureReporter } from "../errors/reportFailure";

/**
 * Renders one shared piece (a field, a hook's stand-in) at a path, with the
 * app's providers over the given in-memory transport, without the app's
 * routes: for pieces a feature of another branch will place in its page.
 */
export function renderPiece(path: string, element: ReactNode, transport: Transport) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  const reporter = createFailureReporter(() => undefined);
  const queryClient = createQueryClient(reporter);
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders transport={transport} queryClient={queryClient} reportFailure={(error) => reporter(error, undefined)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
