import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Role } from "../auth/access";
import { renderApp } from "../test/renderApp";

const admin = { authorities: [Role.admin] };

describe("routes", () => {
  it.each([
    ["/login", "Sign in"],
    ["/account/register", "Registration"],
    ["/account/activate/abc123", "Account activation"],
    ["/account/reset/request", "Reset password"],
    ["/account/reset/finish", "Choose a new password"],
    ["/parcel-inquiry/7", "Parcel inquiry"],
    ["/legal/imprint", "Imprint"],
    ["/newsletter/confirm?token=abc", "Newsletter confirmation"],
  ])("%s shows the page titled %s to anyone", async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("/account/registered shows the page titled Registration received after a registration", async () => {
    renderApp("/account/registered", { state: { registered: true } });
    expect(await screen.findByRole("heading", { level: 1, name: "Registration received" })).toBeInTheDocument();
  });

  it.each([
    ["/internal-parcel-inquiry/TRK1/FULL1", "Internal parcel inquiry"],
    ["/batch/12/edit", "Upload a CSV file"],
    ["/account/settings", "Profile settings"],
    ["/account/printer", "Printer settings"],
    ["/admin/metrics", "Metrics"],
    ["/user-data", "User data"],
  ])("%s shows the page titled %s to a signed-in admin", async (path, title) => {
    renderApp(path, { signedInAs: admin, userData: { listUserData: () => ({ userData: [], totalCount: 0n }) } });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("shows the public home to an anonymous visitor", async () => {
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Play the product video" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });
});
