import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { UpdateRoutingOptionRequest } from "../../gen/portal/v1/manifests_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp } from "../../test/renderApp";
import { ManifestType } from "../../gen/portal/v1/vocabulary_pb";
import { Role } from "../../auth/access";

const listed = {
  routingOptions: [
    { country: "AT", manifestType: ManifestType.MANIFEST_CARRIER_DIRECT, carrier: "Österreichische Post" },
    { country: "NL", manifestType: ManifestType.MANIFEST_CARRIER_DIRECT, carrier: "PostNL", updatedBy: "superadmin" },
  ],
  manifestTypes: [ManifestType.MANIFEST_TO_CARIER, ManifestType.MANIFEST_MB_PLUS, ManifestType.MANIFEST_CARRIER_DIRECT],
};

describe("the routing options (/routing-options)", () => {
  it("lists a default per country and saves a changed row", async () => {
    const ui = userEvent.setup();
    const updates: UpdateRoutingOptionRequest[] = [];
    renderApp("/routing-options", {
      signedInAs: { login: "admin", authorities: [Role.admin] },
      manifests: {
        listRoutingOptions: () => listed,
        updateRoutingOption: (request) => {
          updates.push(request);
          const { country, manifestType, carrier } = request.routingOption!;
          return { routingOption: { country, manifestType, carrier, updatedBy: "admin" } };
        },
      },
    });
    const nl = (await screen.findByRole("rowheader", { name: /\(NL\)/ })).closest("tr")!;
    expect(within(nl).getByText("superadmin")).toBeInTheDocument();
    const save = within(nl).getByRole("button", { name: "Save the routing option for NL" });
    expect(save).toBeDisabled();
    const carrier = within(nl).getByRole("textbox", { name: "Carrier for NL" });
    await ui.clear(carrier);
    await ui.type(carrier, "DHL Parcel NL");
    expect(save).toBeEnabled();
    await ui.click(save);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].routingOption).toMatchObject({
      country: "NL",
      manifestType: ManifestType.MANIFEST_CARRIER_DIRECT,
      carrier: "DHL Parcel NL",
    });
  });

  it("shows the server's field errors under the row's field", async () => {
    const ui = userEvent.setup();
    renderApp("/routing-options", {
      signedInAs: { login: "admin", authorities: [Role.admin] },
      manifests: {
        listRoutingOptions: () => listed,
        updateRoutingOption: () => {
          throw portalFailure(Code.InvalidArgument, "error.validation", [{ field: "carrier", message: "required" }]);
        },
      },
    });
    const at = (await screen.findByRole("rowheader", { name: /\(AT\)/ })).closest("tr")!;
    await ui.clear(within(at).getByRole("textbox", { name: "Carrier for AT" }));
    await ui.type(within(at).getByRole("textbox", { name: "Carrier for AT" }), " ");
    await ui.click(within(at).getByRole("button", { name: "Save the routing option for AT" }));
    expect(await within(at).findByRole("alert")).toBeInTheDocument();
  });
});
