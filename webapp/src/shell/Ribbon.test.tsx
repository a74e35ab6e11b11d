import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, testProfile } from "../test/renderApp";
import { showsRibbon } from "./Ribbon";

describe("environment ribbon", () => {
  it("names the environment outside production", async () => {
    const profile = testProfile({ ribbonEnv: "staging", inProduction: false });
    const { container } = renderApp("/", { management: { getInfo: () => ({ profile }) } });
    await screen.findByTestId("build-facts");
    expect(container.querySelector(".ribbon")).toHaveTextContent(profile.ribbonEnv);
  });

  it("is absent in production", async () => {
    const profile = testProfile({ ribbonEnv: "prod", inProduction: true });
    const { container } = renderApp("/", { management: { getInfo: () => ({ profile }) } });
    await screen.findByTestId("build-facts");
    expect(container.querySelector(".ribbon")).toBeNull();
  });

  it.each([
    ["no profile yet", undefined, false],
    ["an unnamed environment", testProfile({ ribbonEnv: "" }), false],
    ["production", testProfile({ ribbonEnv: "prod", inProduction: true }), false],
    ["a named test environment", testProfile({ ribbonEnv: "test" }), true],
  ])("shows for %s: %s", (_, profile, shown) => {
    expect(showsRibbon(profile)).toBe(shown);
  });
});
