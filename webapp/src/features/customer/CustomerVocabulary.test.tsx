import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { UpdateCustomerRequest } from "../../gen/portal/v1/customers_pb";
import { FulltrackVersion as FulltrackVersion, ManifestType } from "../../gen/portal/v1/vocabulary_pb";
import { renderApp } from "../../test/renderApp";

const acme = {
  id: 7n,
  name: "Acme Versand",
  crmid: "DE10000007",
  apiUsername: "acme",
  manifestType: ManifestType.MANIFEST_MB_PLUS,
  manifestingRules: [{ destination: "FR", manifestType: ManifestType.MANIFEST_TO_CARIER }],
};

describe("the customer form's closed sets (spec 2 §4.8, spec 3 §2)", () => {
  it("is chosen from the contract's manifest types, for the customer and each manifesting rule", async () => {
    const user = userEvent.setup();
    const updates: UpdateCustomerRequest[] = [];
    renderApp("/customer/7/edit", {
      signedInAs: { authorities: [Role.admin] },
      customers: {
        getCustomerFull: () => ({ customer: acme }),
        updateCustomer: vi.fn((request: UpdateCustomerRequest) => {
          updates.push(request);
          return { customer: acme };
        }),
      },
    });
    await user.click(await screen.findByRole("tab", { name: /Configuration/ }));
    const manifestType = await screen.findByRole("combobox", { name: "Manifest type" });
    expect(manifestType).toHaveTextContent("MB Plus");
    await user.click(manifestType);
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "None",
      "Manifest to carrier (default set)",
      "MB Plus",
      "Direct to the destination's carrier",
    ]);
    await user.click(screen.getByRole("option", { name: "Direct to the destination's carrier" }));
    // The rule's manifest type is a select of the same names.
    const rules = screen.getByRole("group", { name: "Manifesting rules" });
    expect(within(rules).getByRole("combobox", { name: /Manifest type/ })).toHaveTextContent(
      "Manifest to carrier (default set)",
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].customer).toMatchObject({
      manifestType: ManifestType.MANIFEST_CARRIER_DIRECT,
      manifestingRules: [expect.objectContaining({ manifestType: ManifestType.MANIFEST_TO_CARIER })],
    });
  }, 30_000);

  it("chooses the fulltrack version from the contract's versions, and asks for that version's keys", async () => {
    const user = userEvent.setup();
    const updates: UpdateCustomerRequest[] = [];
    renderApp("/customer/7/edit", {
      signedInAs: { authorities: [Role.admin] },
      customers: {
        getCustomerFull: () => ({ customer: { ...acme, fulltrackVersion: FulltrackVersion.V3 } }),
        updateCustomer: vi.fn((request: UpdateCustomerRequest) => {
          updates.push(request);
          return { customer: acme };
        }),
      },
    });
    await user.click(await screen.findByRole("tab", { name: /Credentials/ }));
    const version = await screen.findByRole("combobox", { name: "Fulltrack version" });
    expect(version).toHaveTextContent("V3");
    expect(screen.getByLabelText("Cognito client ID")).toBeInTheDocument();
    await user.click(version);
    await user.click(await screen.findByRole("option", { name: "V1" }));
    expect(screen.queryByLabelText("Cognito client ID")).toBeNull();
    expect(screen.getByLabelText("Fulltrack refresh token")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].customer?.fulltrackVersion).toBe(FulltrackVersion.V1);
  }, 30_000);
});
