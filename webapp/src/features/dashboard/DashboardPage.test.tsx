import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { GetParcelsInCountryRequest } from "../../gen/portal/v1/dashboard_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { bakery, renderShippingApp } from "../../test/renderShippingApp";

const countries = [
  { isoCountry: "NL", parcelCount: 40 },
  { isoCountry: "AT", parcelCount: 20 },
  ...["FR", "IT", "ES", "BE", "LU", "DK", "SE", "PL"].map((isoCountry, i) => ({ isoCountry, parcelCount: 8 - i })),
];

describe("the dashboard (spec 3 §2)", () => {
  it("shows the active customer's countries on the map and the top 8 in the table, with the news and links", async () => {
    const asked: bigint[] = [];
    renderShippingApp("/dashboard", {
      dashboard: {
        listParcelsPerCountry: (request) => {
          asked.push(request.customerId);
          return { countries };
        },
      },
      news: {
        listNewsForLocale: (request) => ({
          news: [{ id: 1n, summaryEn: `Summary in ${request.locale}`, articleEn: "<p>Article</p>" }],
        }),
      },
    });
    const map = await screen.findByRole("group", { name: "Parcels per destination country" });
    expect(await within(map).findByRole("img", { name: "Netherlands: 40 parcels" })).toHaveAttribute("r", "10");
    expect(within(map).getByRole("img", { name: "Austria: 20 parcels" })).toHaveAttribute("r", "5");
    // One parcel is "1 parcel", in the plural forms of each language.
    expect(within(map).getByRole("img", { name: "Poland: 1 parcel" })).toBeInTheDocument();
    expect(within(map).getAllByRole("img")).toHaveLength(10);
    expect(asked).toEqual([bakery.id]);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(9);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Netherlands40");
    expect(table).toHaveTextContent("Denmark");
    expect(table).not.toHaveTextContent("Sweden");
    expect(await screen.findByText("Summary in en")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Subscribe to the newsletter" })).toHaveAttribute(
      "href",
      "/newsletter-subscribe",
    );
  });

  it("counts the parcels of the chosen countries between two days", async () => {
    const user = userEvent.setup();
    const requests: GetParcelsInCountryRequest[] = [];
    renderShippingApp("/dashboard", {
      dashboard: {
        listParcelsPerCountry: () => ({ countries }),
        getParcelsInCountry: (request) => {
          requests.push(request);
          return { count: 60 };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Count" }));
    expect(screen.getByText("Choose at least one country.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Countries" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "Netherlands" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "Austria" }));
    await user.keyboard("{Escape}");
    // The field takes the tables' DD.MM.YYYY and gives the server YYYY-MM-DD.
    await user.type(screen.getByLabelText("From"), "01.03.2026");
    await user.click(screen.getByRole("button", { name: "Count" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Parcels found: 60");
    expect(requests[0]).toMatchObject({ customerId: bakery.id, countries: "AT,NL", from: "2026-03-01", to: "" });
  });

  it("follows a parcel in the tracking box, and says when none is found", async () => {
    const user = userEvent.setup();
    renderShippingApp("/dashboard", {
      dashboard: {
        listParcelsPerCountry: () => ({ countries: [] }),
        getShipmentTracking: (request) => {
          if (request.id !== "CP000000011DE")
            throw portalFailure(Code.NotFound, "asendiaWebApp.dashboard.trackingNotFound");
          return {
            trackingId: request.id,
            activeStep: 2,
            events: [
              { code: "ELECNOT", time: "2026-03-10T09:00:00Z", locationName: "Frankfurt am Main", position: 1 },
              { code: "CHECKIN", time: "2026-03-10T13:00:00Z", locationName: "Frankfurt am Main", position: 2 },
              { code: "DEPSUB", time: "2026-03-10T19:00:00Z", locationName: "Frankfurt am Main", position: 3 },
            ],
          };
        },
      },
    });
    expect(await screen.findByText("No parcels sent yet.", {})).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Tracking number" }), "CP000000099DE");
    await user.click(screen.getByRole("button", { name: "Track" }));
    expect(await screen.findByText("No parcel was found under this tracking number.")).toBeInTheDocument();
    await user.clear(screen.getByRole("textbox", { name: "Tracking number" }));
    await user.type(screen.getByRole("textbox", { name: "Tracking number" }), "CP000000011DE");
    await user.click(screen.getByRole("button", { name: "Track" }));
    const parcel = await screen.findByRole("region", { name: "Parcel CP000000011DE" });
    expect(
      within(parcel).getByRole("list", { name: "Progress" }).querySelector('[aria-current="step"]'),
    ).toHaveTextContent("Departed");
    const events = within(parcel).getByRole("table");
    expect(within(events).getAllByRole("row")).toHaveLength(4);
    expect(events).toHaveTextContent("Received at the hub");
    await waitFor(() => expect(screen.queryByText("No parcel was found under this tracking number.")).toBeNull());
  });
});
