import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DateInput } from "./DateInput";

function Day({ initial, onChange }: { initial: string; onChange: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateInput
        aria-label="From"
        value={day}
        onChange={(next) => {
          onChange(next);
          setDay(next);
        }}
      />
      <button type="button" onClick={() => setDay("")}>
        Reset
      </button>
    </>
  );
}

function renderDay(initial: string, onChange = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <Theme>
        <Day initial={initial} onChange={onChange} />
      </Theme>
    </I18nProvider>,
  );
  return onChange;
}

describe("DateInput", () => {
  it("shows the server's day as DD.MM.YYYY, whatever the browser's language", () => {
    renderDay("2026-11-28");
    const field = screen.getByRole("textbox", { name: "From" });
    expect(field).toHaveValue("28.11.2026");
    expect(field).toHaveAttribute("placeholder", "DD.MM.YYYY");
  });

  it("gives a typed DD.MM.YYYY to the page as YYYY-MM-DD, and nothing while the text is no day", async () => {
    const user = userEvent.setup();
    const onChange = renderDay("");
    const field = screen.getByRole("textbox", { name: "From" });
    await user.type(field, "3.2.202");
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/\d/));
    await user.type(field, "6");
    expect(onChange).toHaveBeenLastCalledWith("2026-02-03");
    await user.tab();
    expect(field).toHaveValue("03.02.2026");
    expect(field).toHaveAttribute("aria-invalid", "false");
  });

  it("marks text that is no real day once the user leaves the field", async () => {
    const user = userEvent.setup();
    const onChange = renderDay("2026-02-01");
    const field = screen.getByRole("textbox", { name: "From" });
    await user.clear(field);
    await user.type(field, "31.02.2026");
    expect(onChange).toHaveBeenLastCalledWith("");
    await user.tab();
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("takes a day picked in the calendar, and follows a reset from outside", async () => {
    const user = userEvent.setup();
    const onChange = renderDay("");
    const picker = document.querySelector<HTMLInputElement>('input[type="date"]');
    expect(picker).not.toBeNull();
    fireEvent.change(picker!, { target: { value: "2026-12-24" } });
    expect(onChange).toHaveBeenLastCalledWith("2026-12-24");
    const field = screen.getByRole("textbox", { name: "From" });
    expect(field).toHaveValue("24.12.2026");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(field).toHaveValue("");
  });
});
