import { create } from "@bufbuild/protobuf";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FieldValueSchema, type ValidatedShipment, ValidatedShipmentSchema } from "../../../gen/portal/v1/batches_pb";
import { layOutGrid } from "./gridLayout";
import { gridRowHeight, ValidatedGrid } from "./ValidatedGrid";
import { type GridColumn, gridColumns, orderLineFields, shipmentFields } from "../../../shipping/gridColumns";

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

type GridOptions = {
  editable?: boolean;
  onEdit?: (row: ValidatedShipment, column: GridColumn, value: string) => Promise<unknown>;
};

/** The grid between two buttons, so that Tab has somewhere to come from and go to. */
function gridPage(rows: ValidatedShipment[], { editable = true, onEdit = async () => undefined }: GridOptions = {}) {
  return (
    <I18nProvider i18n={i18n}>
      <Theme>
        <button type="button">Before</button>
        <ValidatedGrid
          rows={rows}
          columns={gridColumns(rows)}
          rowCount={rows.length}
          rowOffset={0}
          editable={editable}
          onEdit={onEdit}
        />
        <button type="button">After</button>
      </Theme>
    </I18nProvider>
  );
}

function renderGrid(rows: ValidatedShipment[], options?: GridOptions) {
  return render(gridPage(rows, options));
}

/** The grid's Tab stops: the cells with tabIndex 0. */
const tabStops = () => screen.getByRole("grid").querySelectorAll('[role="gridcell"][tabindex="0"]');

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
    expect(screen.queryByText("name-2")).toBeNull();
    // The first cell stays: it is the grid's Tab stop (the keyboard tests below).
    expect(screen.getByText("name-1")).toHaveAttribute("tabindex", "0");
    expect(within(grid).getAllByRole("row").length).toBeLessThan(42);
  });
});

describe("the batch grid with the keyboard (ARIA grid pattern, issue 16)", () => {
  beforeEach(() => layOutGrid(600, 1200));
  afterEach(() => vi.restoreAllMocks());

  it("is one Tab stop: Tab enters it once and leaves it once, both ways", async () => {
    const user = userEvent.setup();
    renderGrid(rowsOf(2000));
    expect(tabStops()).toHaveLength(1);
    await user.tab();
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("gridcell", { name: "name-1" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("gridcell", { name: "name-1" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
  });

  it("moves the active cell with the arrows, Home/End, Ctrl+Home/End and PageUp/Down", async () => {
    const user = userEvent.setup();
    renderGrid(rowsOf(500));
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    const expectActive = (text: string) => {
      const cell = document.activeElement;
      expect(cell).toHaveAttribute("role", "gridcell");
      expect(cell).toHaveTextContent(new RegExp(`^${text}$`));
      expect(cell).toHaveAttribute("tabindex", "0");
      // Only the active cell is a Tab stop.
      expect(tabStops()).toHaveLength(1);
    };
    expectActive("name-1");
    await user.keyboard("{ArrowRight}");
    expectActive("contact-1");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expectActive("contact-3");
    await user.keyboard("{ArrowLeft}");
    expectActive("name-3");
    await user.keyboard("{ArrowUp}");
    expectActive("name-2");
    // The edges hold.
    await user.keyboard("{ArrowLeft}{ArrowUp}{ArrowUp}");
    expectActive("name-1");
    await user.keyboard("{End}");
    // The last of the 35 columns: the order line's value.
    expect(document.activeElement).toHaveAttribute("aria-colindex", "36");
    expect(document.activeElement).toHaveTextContent("1");
    await user.keyboard("{Home}");
    expectActive("name-1");
    // 600 px less the header show 16 rows of 34 px: a page.
    await user.keyboard("{PageDown}");
    expectActive("name-17");
    await user.keyboard("{PageUp}");
    expectActive("name-1");
    // The last row is far out of view: the virtualizer renders it to give it focus.
    await user.keyboard("{Control>}{End}{/Control}");
    expect(document.activeElement).toHaveAttribute("aria-colindex", "36");
    expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute("aria-rowindex", "501");
    await user.keyboard("{Home}");
    expectActive("name-500");
    await user.keyboard("{Control>}{Home}{/Control}");
    expectActive("name-1");
  });

  it("keeps the active cell rendered and a Tab stop when the grid scrolls away from it", async () => {
    const user = userEvent.setup();
    renderGrid(rowsOf(2000));
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{ArrowDown}{ArrowRight}");
    const grid = screen.getByRole("grid");
    grid.scrollTop = 1500 * gridRowHeight;
    fireEvent.scroll(grid);
    expect(screen.getByText("name-1500")).toBeInTheDocument();
    expect(screen.getByRole("gridcell", { name: "contact-2" })).toHaveFocus();
    expect(tabStops()).toHaveLength(1);
  });

  it("makes a clicked cell the active one", async () => {
    const user = userEvent.setup();
    renderGrid(rowsOf(20));
    await user.click(screen.getByRole("gridcell", { name: "street-4" }));
    expect(screen.getByRole("gridcell", { name: "street-4" })).toHaveAttribute("tabindex", "0");
    expect(tabStops()).toHaveLength(1);
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("gridcell", { name: "street-5" })).toHaveFocus();
  });

  it("edits the active cell on Enter, commits on Enter and gives focus back to the cell", async () => {
    const user = userEvent.setup();
    const edits: string[] = [];
    // The server has not answered yet.
    renderGrid(rowsOf(20), {
      onEdit: (row, column, value) => {
        edits.push(`${row.position}:${column.id}:${value}`);
        return new Promise(() => undefined);
      },
    });
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{ArrowDown}{Enter}");
    const input = screen.getByRole("textbox", { name: "Receiver name of row 2" });
    expect(input).toHaveFocus();
    expect(input).toHaveValue("name-2");
    await user.clear(input);
    await user.keyboard("Bert Ernst{Enter}");
    expect(edits).toEqual(["2:name:Bert Ernst"]);
    expect(screen.queryByRole("textbox")).toBeNull();
    // The cell shows the value sent, busy, until the answer comes.
    expect(document.activeElement).toHaveTextContent(/^Bert Ernst$/);
    expect(document.activeElement).toHaveAttribute("aria-busy", "true");
    expect(tabStops()).toHaveLength(1);
  });

  it("cancels the edit on Escape, with F2 as the other key that starts it", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn(async () => undefined);
    renderGrid(rowsOf(20), { onEdit });
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{ArrowRight}{ArrowRight}{F2}");
    const input = screen.getByRole("textbox", { name: "Street of row 1" });
    expect(input).toHaveFocus();
    await user.keyboard("changed{Escape}");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByRole("gridcell", { name: "street-1" })).toHaveFocus();
    // The arrows are the grid's again.
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("gridcell", { name: "street-2" })).toHaveFocus();
  });

  it("keeps the active cell and its focus when the rows are read again after a save", async () => {
    const user = userEvent.setup();
    const rows = rowsOf(20);
    rows[1].valid = false;
    rows[1].fields!.postalcode = create(FieldValueSchema, {
      value: "1011",
      violations: [{ message: "error.shipment.postalcode.pattern" }],
    });
    const { rerender } = renderGrid(rows);
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("gridcell", { name: "1011" })).toHaveFocus();
    expect(screen.getByRole("gridcell", { name: "1011" })).toHaveAttribute("aria-invalid", "true");
    // The server's answer: a new row, now valid (the cell loses its tooltip and is rendered anew).
    const fixed = rowsOf(20);
    fixed[1].fields!.postalcode = create(FieldValueSchema, { value: "10117" });
    act(() => rerender(gridPage(fixed)));
    const cell = screen.getByRole("gridcell", { name: "10117" });
    expect(cell).not.toHaveAttribute("aria-invalid");
    expect(cell).toHaveFocus();
    expect(tabStops()).toHaveLength(1);
    // The row went (only invalid rows shown): the row that takes its place has the active cell.
    act(() => rerender(gridPage([fixed[0], ...fixed.slice(2)])));
    expect(screen.getByRole("gridcell", { name: "postalcode-3" })).toHaveFocus();
  });

  it("moves through a read-only grid but does not edit it", async () => {
    const user = userEvent.setup();
    renderGrid(rowsOf(20), { editable: false });
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{ArrowDown}{Enter}{F2}");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("gridcell", { name: "name-2" })).toHaveFocus();
  });
});
