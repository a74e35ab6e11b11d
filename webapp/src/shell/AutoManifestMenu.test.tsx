import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bakery, renderShippingApp } from "../test/renderShippingApp";

describe("AutoManifestMenu", () => {
  it("edits the active customer's schedule, read in its hub's local time, and saves it", async () => {
    const saved: unknown[] = [];
    renderShippingApp("/batch", {
      customers: {
        getCustomer: () => ({
          customer: {
            id: bakery.id,
            name: bakery.name,
            autoManifestDayTime: { active: true, time: "17:30", days: ["THURSDAY"] },
          },
        }),
        updateAutoManifest: (req) => {
          const { active, time, days } = req.autoManifestDayTime ?? {};
          saved.push({ id: req.id, active, time, days });
          return { autoManifestDayTime: req.autoManifestDayTime };
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Automatic manifests" }));
    const schedule = await screen.findByTestId("auto-manifest-schedule");
    await waitFor(() => expect(within(schedule).getByRole("checkbox", { name: "Thursday" })).toBeChecked());
    expect(screen.getByTestId("auto-manifest-zone")).toHaveTextContent("local time at the customer's hub (DE)");
    await userEvent.click(within(schedule).getByRole("checkbox", { name: "Monday" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(saved).toEqual([{ id: bakery.id, active: true, time: "17:30", days: ["MONDAY", "THURSDAY"] }]),
    );
  });
});
