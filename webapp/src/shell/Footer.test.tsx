import { timestampDate } from "@bufbuild/protobuf/wkt";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDate } from "../i18n/format";
import { renderApp, testProfile } from "../test/renderApp";

describe("Footer", () => {
  it("shows version, build date and copyright year of the running portal", async () => {
    const profile = testProfile({ version: "2.7.0-rc.1", copyrightYear: 2031 });
    renderApp("/", { management: { getInfo: () => ({ profile }) } });

    const facts = await screen.findByTestId("build-facts");
    expect(within(facts).getByTestId("version")).toHaveTextContent(profile.version);
    expect(facts).toHaveTextContent(formatDate(timestampDate(profile.buildDate!)));
    expect(facts).toHaveTextContent(`© ${profile.copyrightYear}`);
  });

  it("names the product and links the legal documents", async () => {
    renderApp("/");
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent("a sync tool for shipments");
    const legal = within(footer).getByRole("navigation", { name: "Legal information" });
    expect(
      within(legal)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/legal/imprint", "/legal/notice", "/legal/privacy", "/legal/terms", "/legal/fraud-protection"]);
  });
});
