import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { readCredential, storeCredential } from "../auth/credentialStore";
import { renderApp } from "../test/renderApp";
import { currentNotices } from "./notices";
import { createFailureReporter } from "./reportFailure";

describe("failed calls, end to end through the query cache", () => {
  it("show 'Server not reachable' when the server does not answer", async () => {
    renderApp("/", {
      management: {
        getInfo: () => {
          throw new ConnectError("connection refused", Code.Unavailable);
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Server not reachable");
  });

  it("forget the credential and send the user to sign in on 401", async () => {
    storeCredential("expired-token", true);
    const { router } = renderApp("/report", {
      management: {
        getInfo: () => {
          throw new ConnectError("session expired", Code.Unauthenticated);
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your session has ended. Please sign in again.");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(readCredential()).toBeNull();
  });
});

describe("createFailureReporter", () => {
  it("keeps background polls quiet, even when the session ended", () => {
    storeCredential("token", false);
    const goToLogin = vi.fn();
    createFailureReporter(goToLogin)(new ConnectError("expired", Code.Unauthenticated), { background: true });
    expect(goToLogin).not.toHaveBeenCalled();
    expect(readCredential()).toBe("token");
  });

  it("leaves a missing record to the page that shows it, and reports the page's other failures", () => {
    const report = createFailureReporter(vi.fn());
    report(new ConnectError("no such batch", Code.NotFound), { pageShowsNotFound: true });
    expect(currentNotices()).toHaveLength(0);
    report(new ConnectError("database down", Code.Internal), { pageShowsNotFound: true });
    expect(currentNotices().map((notice) => notice.text.id)).toEqual(["error.http.500"]);
    report(new ConnectError("no such page", Code.NotFound), {});
    expect(currentNotices().map((notice) => notice.text.id)).toEqual(["error.http.500", "error.url.not.found"]);
  });

  it("keeps the credential when the session probe answers 401", () => {
    storeCredential("token", false);
    const goToLogin = vi.fn();
    const report = createFailureReporter(goToLogin);
    report(new ConnectError("anonymous", Code.Unauthenticated), { unauthenticatedIsExpected: true });
    expect(goToLogin).not.toHaveBeenCalled();
    expect(readCredential()).toBe("token");
  });
});
