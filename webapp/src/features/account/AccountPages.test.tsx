import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { ChangePasswordRequest, SaveAccountRequest } from "../../gen/portal/v1/account_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp } from "../../test/renderApp";

const user = { authorities: [Role.user] };

describe("/account/settings", () => {
  it("saves name, e-mail and language, and switches the page to the new language", async () => {
    const ui = userEvent.setup();
    const saveAccount = vi.fn((request: SaveAccountRequest) => ({ account: request.account }));
    renderApp("/account/settings", { signedInAs: user, account: { saveAccount } });
    const firstName = await screen.findByLabelText("First name");
    expect(firstName).toHaveValue("Anna");
    await ui.clear(firstName);
    await ui.type(firstName, "Annika");
    await ui.click(screen.getByRole("combobox", { name: "Language" }));
    await ui.click(await screen.findByRole("option", { name: "Deutsch" }));
    await ui.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(saveAccount).toHaveBeenCalledTimes(1));
    expect(saveAccount.mock.calls[0][0].account).toMatchObject({
      login: "anna",
      firstName: "Annika",
      lastName: "Berg",
      email: "anna@example.com",
      langKey: "de",
    });
    expect(await screen.findByText("Einstellungen gespeichert!")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("de");
  });
});

describe("/account/settings, a new e-mail address", () => {
  it("asks for the current password and sends it", async () => {
    const ui = userEvent.setup();
    const saveAccount = vi.fn((request: SaveAccountRequest) => ({ account: request.account }));
    renderApp("/account/settings", { signedInAs: user, account: { saveAccount } });
    const email = await screen.findByLabelText("E-mail");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    await ui.clear(email);
    await ui.type(email, "anna@example.org");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(saveAccount).not.toHaveBeenCalled();

    await ui.type(screen.getByLabelText("Current password"), "portal-demo");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saveAccount).toHaveBeenCalledTimes(1));
    expect(saveAccount.mock.calls[0][0].account).toMatchObject({
      email: "anna@example.org",
      currentPassword: "portal-demo",
    });
  });

  it("shows the server's refusal of a wrong password at the field", async () => {
    const ui = userEvent.setup();
    const saveAccount = vi.fn(() => {
      throw portalFailure(Code.InvalidArgument, "error.currentPasswordWrong", [
        { field: "currentPassword", message: "currentPasswordWrong" },
      ]);
    });
    renderApp("/account/settings", { signedInAs: user, account: { saveAccount } });
    const email = await screen.findByLabelText("E-mail");
    await ui.clear(email);
    await ui.type(email, "anna@example.org");
    await ui.type(screen.getByLabelText("Current password"), "guess");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The current password is not correct.")).toBeInTheDocument();
  });
});

describe("/account/password", () => {
  async function change(currentPassword: string, newPassword: string, confirmation = newPassword) {
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Current password"), currentPassword);
    await ui.type(screen.getByLabelText("New password"), newPassword);
    await ui.type(screen.getByLabelText("New password confirmation"), confirmation);
    await ui.click(screen.getByRole("button", { name: "Save" }));
  }

  it("changes the password", async () => {
    const changePassword = vi.fn((request: ChangePasswordRequest) => {
      void request;
      return {};
    });
    renderApp("/account/password", { signedInAs: user, account: { changePassword } });
    await change("portal-demo", "Better-2026");
    expect(await screen.findByText("Password changed!")).toBeInTheDocument();
    expect(changePassword.mock.calls[0][0]).toMatchObject({
      currentPassword: "portal-demo",
      newPassword: "Better-2026",
    });
  });

  it("shows 'password.messages.error' when the change fails", async () => {
    renderApp("/account/password", {
      signedInAs: user,
      account: {
        changePassword: () => {
          throw portalFailure(Code.InvalidArgument, "password.messages.error");
        },
      },
    });
    await change("wrong", "Better-2026");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An error has occurred! The password could not be changed.",
    );
  });

  it("shows the strength of the new password on five levels", async () => {
    const ui = userEvent.setup();
    renderApp("/account/password", { signedInAs: user });
    const meter = await screen.findByRole("meter", { name: "Password strength" });
    expect(meter).toHaveAttribute("aria-valuenow", "0");
    await ui.type(screen.getByLabelText("New password"), "Portal-Demo-2026");
    expect(meter).toHaveAttribute("aria-valuenow", "5");
    expect(meter).toHaveAttribute("aria-valuetext", "Strong");
  });

  it("generates a password into both fields and shows it", async () => {
    const ui = userEvent.setup();
    renderApp("/account/password", { signedInAs: user });
    await ui.click(await screen.findByRole("button", { name: "Generate a password" }));
    const generated = screen.getByLabelText("New password");
    expect(generated).toHaveAttribute("type", "text");
    expect((generated as HTMLInputElement).value).toHaveLength(8);
    expect(screen.getByLabelText("New password confirmation")).toHaveValue((generated as HTMLInputElement).value);
  });

  it("shows and hides the password", async () => {
    const ui = userEvent.setup();
    renderApp("/account/password", { signedInAs: user });
    const current = await screen.findByLabelText("Current password");
    const [toggle] = screen.getAllByRole("button", { name: "Show password" });
    await ui.click(toggle);
    expect(current).toHaveAttribute("type", "text");
    await ui.click(screen.getAllByRole("button", { name: "Hide password" })[0]);
    expect(current).toHaveAttribute("type", "password");
  });
});
