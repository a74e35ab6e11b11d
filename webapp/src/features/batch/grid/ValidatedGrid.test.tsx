import { create } from "@bufbuild/protobuf";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ValidatedShipment, ValidatedShipmentSchema } from "../../../gen/portal/v1/batches_pb";
import { layOutGrid } from "./gridLayout";
import { gridRowHeight, ValidatedGrid } from "./ValidatedGrid";
import { gridColumns, orderLineFields, shipmentFields } from "../../../shipping/gridColumns";

/** A file of `count` rows with every shipment field and one order line: 35 columns. */
function rowsOf(count: number): ValidatedShipment[] {
  return Array.from({ length: count }, (_, index) =>
    create(ValidatedShipmentSchema, {
      id: BigInt(index + 1),
      position: index + 1,
      valid: true,
      fields: Object.fromEntries(shipmentFields.map((field) => [field, { value: `${field}-${index + 1}` }])),
      orderLines: [{ fields: Object.fromEntries(orderLineFields.map((field) => [field, { value: "1" }])) }],
    }),
  );
}

function renderGrid(rows: ValidatedShipment[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <Theme>
        <ValidatedGrid
          rows={rows}
          columns={gridColumns(rows)}
          rowCount={rows.length}
          rowOffset={0}
          editable
          onEdit={async () => undefined}
        />
      </Theme>
    </I18nProvider>,
  );
}

describe("the batch grid with 2000 rows (spec 2 §2.1, DESIGN: virtualized)", () => {
  beforeEach(() => layOutGrid(600, 1200));
  afterEach(() => vi.restoreAllMocks());

  it("puts only the rows and columns in view into the page", () => {
    const rows = rowsOf(2000);
    renderGrid(rows);
    const grid = screen.getByRole("grid");
    expect(grid).toHaveAttribute("aria-rowcount", "2001");
    expect(grid).toHaveAttribute("aria-colcount", "36");
    const shown = within(grid).getAllByRole("row").slice(1);
    // 600 px show 18 rows of 34 px; the virtualizer adds a few on either side, never hundreds.
    expect(shown.length).toBeGreaterThanOrEqual(Math.floor(600 / gridRowHeight));
    expect(shown.length).toBeLessThan(40);
    expect(within(shown[0]).getByRole("rowheader")).toHaveTextContent("1");
    const cells = within(shown[0]).getAllByRole("gridcell");
    expect(cells.length).toBeGreaterThan(5);
    expect(cells.length).toBeLessThan(20);
    expect(screen.queryByText("name-2000")).toBeNull();
  });

  it("shows the rows further down once scrolled there", () => {
    renderGrid(rowsOf(2000));
    const grid = screen.getByRole("grid");
    grid.scrollTop = 1500 * gridRowHeight;
    fireEvent.scroll(grid);
    expect(screen.getByText("name-1500")).toBeInTheDocument();
    expect(screen.queryByText("name-1")).toBeNull();
    expect(within(grid).getAllByRole("row").length).toBeLessThan(41);
  });
});
