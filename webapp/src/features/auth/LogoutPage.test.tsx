import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { readCredential } from "../../auth/credentialStore";
import { leavePortal } from "../../auth/leavePortal";
import { renderApp, testProfile } from "../../test/renderApp";

const idpLogout = "https://id.example.com/logout?post_logout_redirect_uri=https%3A%2F%2Fportal.example.com";

describe("/logout with the identity provider's logout address (spec 1 §2)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the browser there once the server has revoked the session", async () => {
    const leave = vi.spyOn(leavePortal, "to").mockImplementation(() => {});
    let revoked = false;
    renderApp("/logout", {
      signedInAs: { authorities: [Role.user] },
      management: { getInfo: () => ({ profile: testProfile({ logoutRedirectUrl: idpLogout }) }) },
      account: {
        logout: () => {
          revoked = true;
          return {};
        },
      },
    });
    expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(idpLogout));
    expect(revoked).toBe(true);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(readCredential()).toBeNull();
  });

  it("goes there even when the server could not be told", async () => {
    const leave = vi.spyOn(leavePortal, "to").mockImplementation(() => {});
    renderApp("/logout", {
      signedInAs: { authorities: [Role.user] },
      management: { getInfo: () => ({ profile: testProfile({ logoutRedirectUrl: idpLogout }) }) },
      account: {
        logout: () => {
          throw new Error("server away");
        },
      },
    });
    await waitFor(() => expect(leave).toHaveBeenCalledWith(idpLogout));
  });

  it("stays when no session ended, so an identity provider that sends the browser back causes no loop", async () => {
    const leave = vi.spyOn(leavePortal, "to").mockImplementation(() => {});
    renderApp("/logout", {
      management: { getInfo: () => ({ profile: testProfile({ logoutRedirectUrl: idpLogout }) }) },
    });
    expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leave).not.toHaveBeenCalled();
  });

  it("stays on the portal when no address is configured", async () => {
    const leave = vi.spyOn(leavePortal, "to").mockImplementation(() => {});
    let revoked = false;
    renderApp("/logout", {
      signedInAs: { authorities: [Role.user] },
      account: {
        logout: () => {
          revoked = true;
          return {};
        },
      },
    });
    expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
    await waitFor(() => expect(revoked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leave).not.toHaveBeenCalled();
  });
});
