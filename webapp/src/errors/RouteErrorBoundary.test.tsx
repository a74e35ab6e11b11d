import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./RouteErrorBoundary";

function Broken(): never {
  throw new Error("page broke");
}

describe("RouteErrorBoundary", () => {
  it("shows the error page for a page that fails, and the next page once the user goes elsewhere", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            { path: "broken", element: <Broken /> },
            { path: "fine", element: <p>Fine page</p> },
          ],
        },
      ],
      { initialEntries: ["/broken"] },
    );
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("An unexpected error has occurred.");
    expect(console.error).toHaveBeenCalled();

    await act(() => router.navigate("/fine"));
    expect(await screen.findByText("Fine page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
