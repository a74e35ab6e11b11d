import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp } from "../../test/renderApp";

describe("customer form (spec 3 §2, §5)", () => {
  it("shows the server's refusal of a CRM id under its field, on the tab that holds it", async () => {
    const user = userEvent.setup();
    const createCustomer = vi.fn(() => {
      throw portalFailure(Code.InvalidArgument, "error.validation", [{ field: "crmid", message: "pattern" }]);
    });
    renderApp("/customer/new", { signedInAs: { authorities: [Role.admin] }, customers: { createCustomer } });
    await user.type(await screen.findByLabelText("Name", {}), "Acme Versand");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The customer's rules are core's: the form sends, and the server's answer names the field.
    expect(createCustomer).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("tab", { name: /Configuration/, selected: true })).toBeInTheDocument();
    const crmid = screen.getByLabelText("CRM ID");
    expect(crmid).toHaveAttribute("aria-invalid", "true");
  });
});
