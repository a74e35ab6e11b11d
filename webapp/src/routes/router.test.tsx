import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/renderApp";

describe("routes", () => {
  it.each([
    ["/login", "Sign in"],
    ["/account/activate/abc123", "Account activation"],
    ["/account/reset/finish", "Choose a new password"],
    ["/parcel-inquiry/7", "Parcel inquiry"],
    ["/internal-parcel-inquiry/TRK1/FULL1", "Internal parcel inquiry"],
    ["/batch/12/edit", "Batches"],
    ["/account/settings", "Profile settings"],
    ["/admin/metrics", "Metrics"],
    ["/legal/imprint", "Imprint"],
  ])("%s shows the page titled %s", async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("shows the public home to an anonymous visitor", async () => {
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Play the product video" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });
});
