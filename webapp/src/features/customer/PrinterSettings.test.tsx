import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderShippingApp } from "../../test/renderShippingApp";

describe("printer settings", () => {
  it("takes a Browser Print address on this computer only, as the portal's policy lets the page reach no other", async () => {
    const user = userEvent.setup();
    renderShippingApp("/account/printer");
    await user.click(await screen.findByRole("radio", { name: "Zebra Browser Print on this computer" }));
    const address = screen.getByLabelText("Browser Print address");
    await user.clear(address);
    await user.type(address, "http://192.168.1.20:9100");
    expect(screen.getByRole("alert")).toHaveTextContent("The Browser Print address must be on this computer");
    expect(screen.getByRole("button", { name: "Find printers" })).toBeDisabled();
    await user.clear(address);
    await user.type(address, "http://127.0.0.1:9300");
    expect(screen.queryByText(/must be on this computer/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Find printers" })).toBeEnabled();
  });
});
