import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../App";
import { createQueryClient } from "../api/queryClient";
import { createFailureReporter } from "../errors/reportFailure";
import { ApplicationProfileSchema, ManagementService } from "../gen/portal/v1/management_pb";
import { routes } from "../routes/router";

/** A profile as a development portal would send it; tests override what they look at. */
export function testProfile(overrides: MessageInitShape<typeof ApplicationProfileSchema> = {}) {
  return create(ApplicationProfileSchema, {
    ribbonEnv: "dev",
    inProduction: false,
    copyrightYear: 2026,
    version: "1.4.2",
    buildDate: timestampFromDate(new Date(2026, 2, 14, 10, 30)),
    ...overrides,
  });
}

type Options = {
  management?: Partial<ServiceImpl<typeof ManagementService>>;
};

/**
 * Renders the whole app at a path, talking Connect to in-memory handlers
 * instead of a server; the management service answers testProfile() unless
 * the test says otherwise.
 */
export function renderApp(path: string, { management = {} }: Options = {}) {
  const transport = createRouterTransport(({ service }) =>
    service(ManagementService, {
      getInfo: () => ({ profile: testProfile() }),
      getVersion: () => ({ version: testProfile().version }),
      ...management,
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient(createFailureReporter(() => void router.navigate("/login")));
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders transport={transport} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
