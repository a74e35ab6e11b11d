import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { versionPollIntervalMs } from "../api/management";
import { renderApp } from "../test/renderApp";

/** A server whose version changes at each poll: the deployments happen between polls. */
function deployments(...versions: string[]) {
  let poll = 0;
  return { getVersion: () => ({ version: versions[Math.min(poll++, versions.length - 1)] }) };
}

const notice = () => screen.queryByText(/of the portal is available/);

describe("new-version notice (spec 1 §4)", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(versionPollIntervalMs));

  it("stays hidden while the server runs the version the page loaded with", async () => {
    renderApp("/", { management: deployments("1.0.0", "1.0.0") });
    await nextPoll();
    expect(notice()).toBeNull();
  });

  it("appears when a poll finds another version, and stays away once dismissed", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp("/", { management: deployments("1.0.0", "1.1.0", "1.2.0") });
    await nextPoll();
    expect(await screen.findByText(/of the portal is available/)).toHaveTextContent(
      "Version 1.1.0 of the portal is available.",
    );

    await user.click(screen.getByRole("button", { name: "Close" }));
    await nextPoll();
    expect(notice()).toBeNull();
  });
});
