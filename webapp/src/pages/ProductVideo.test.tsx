import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ProductVideo } from "./ProductVideo";

describe("ProductVideo", () => {
  it("loads the film only when the visitor asks, and says so when it cannot play", async () => {
    const user = userEvent.setup();
    render(<ProductVideo />, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });
    expect(screen.queryByLabelText("Product video")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Play the product video" }));
    const video = screen.getByLabelText("Product video");
    expect(video.tagName).toBe("VIDEO");

    fireEvent.error(video);
    expect(screen.getByRole("status")).toHaveTextContent("The product video cannot be played right now.");
    expect(screen.getByRole("button", { name: "Play the product video" })).toBeDisabled();
  });
});
