import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type DataColumn, DataTable, type SortOrder } from "./DataTable";

type Fruit = { id: number; name: string; colour: string };
const fruits: Fruit[] = [
  { id: 1, name: "Apple", colour: "red" },
  { id: 2, name: "Banana", colour: "yellow" },
];
const columns: DataColumn<Fruit>[] = [
  { id: "name", header: "Name", enableSorting: true, meta: { rowHeader: true }, cell: ({ row }) => row.original.name },
  { id: "colour", header: () => <em>Colour</em>, cell: ({ row }) => row.original.colour },
];

function renderTable(node: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <Theme>{node}</Theme>
    </I18nProvider>,
  );
}

function SortedFruits({ onSort }: { onSort: (order: SortOrder) => void }) {
  const [order, setOrder] = useState<SortOrder>({ field: "colour", direction: "asc" });
  return (
    <DataTable
      items={fruits}
      columns={columns}
      rowId={(fruit) => String(fruit.id)}
      sort={{
        order,
        onSort: (next) => {
          onSort(next);
          setOrder(next);
        },
      }}
    />
  );
}

describe("DataTable", () => {
  it("waits for the items, then shows what stands for an empty list", () => {
    const { rerender } = renderTable(<DataTable items={undefined} columns={columns} rowId={String} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    rerender(
      <I18nProvider i18n={i18n}>
        <Theme>
          <DataTable items={[]} columns={columns} rowId={String} empty={<p>Nothing here</p>} />
        </Theme>
      </I18nProvider>,
    );
    expect(screen.getByText("Nothing here")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows nothing for a failed list", () => {
    const { container } = renderTable(<DataTable items={undefined} failed columns={columns} rowId={String} />);
    expect(container.querySelector(".radix-themes")).toBeEmptyDOMElement();
  });

  it("renders a header per column, the row header, and the actions column named for screen readers", () => {
    renderTable(
      <DataTable
        items={fruits}
        columns={columns}
        rowId={(fruit) => String(fruit.id)}
        actions={(fruit) => <button type="button">Eat {fruit.name}</button>}
      />,
    );
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["Name", "Colour", "Actions"]);
    expect(within(headers[1]).getByText("Colour").tagName).toBe("EM");
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0]).getByRole("rowheader")).toHaveTextContent("Apple");
    expect(
      within(rows[1])
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["yellow", "Eat Banana"]);
    expect(screen.queryByRole("button", { name: /sort/i })).not.toBeInTheDocument();
  });

  it("sorts by a sortable column ascending first, then the other way round", async () => {
    const onSort = vi.fn();
    renderTable(<SortedFruits onSort={onSort} />);
    const name = () => screen.getByRole("columnheader", { name: "Name" });
    expect(name()).toHaveAttribute("aria-sort", "none");
    // Only the columns that say so sort.
    expect(screen.getByRole("columnheader", { name: "Colour" })).not.toHaveAttribute("aria-sort");

    await userEvent.click(within(name()).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith({ field: "name", direction: "asc" });
    expect(name()).toHaveAttribute("aria-sort", "ascending");

    await userEvent.click(within(name()).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith({ field: "name", direction: "desc" });
    expect(name()).toHaveAttribute("aria-sort", "descending");

    await userEvent.click(within(name()).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith({ field: "name", direction: "asc" });
  });

  it("gives each row the attributes the page asks for", () => {
    renderTable(
      <DataTable
        items={fruits}
        columns={columns}
        rowId={(fruit) => String(fruit.id)}
        rowProps={(fruit, index) => ({ "data-testid": `fruit-${index}`, title: fruit.colour })}
      />,
    );
    expect(screen.getByTestId("fruit-1")).toHaveAttribute("title", "yellow");
  });

  it("pins the selection and the row header to the start and the actions to the end", () => {
    const withSelection: DataColumn<Fruit>[] = [
      { id: "select", header: "Pick", cell: ({ row }) => <input type="checkbox" aria-label={row.original.name} /> },
      ...columns,
    ];
    renderTable(
      <DataTable
        items={fruits}
        columns={withSelection}
        rowId={(fruit) => String(fruit.id)}
        actions={(fruit) => <button type="button">Eat {fruit.name}</button>}
      />,
    );
    const [header, firstRow] = screen.getAllByRole("row");
    const pins = (row: HTMLElement) => [...row.children].map((cell) => (cell as HTMLElement).dataset.pin ?? "scrolls");
    expect(pins(header)).toEqual(["start", "start", "scrolls", "end"]);
    expect(pins(firstRow)).toEqual(["start", "start", "scrolls", "end"]);
    // Only the last pinned start column draws the edge the others scroll under.
    expect(within(firstRow).getByRole("rowheader")).toHaveClass("pinned-edge");
    expect(firstRow.firstElementChild).not.toHaveClass("pinned-edge");
    expect(within(firstRow).getByRole("button", { name: "Eat Apple" }).closest("td")).toHaveClass("pinned-end");
  });

  it("pins nothing at the start of a table without a row header", () => {
    const plain: DataColumn<Fruit>[] = columns.map((column) => ({ ...column, meta: undefined }));
    renderTable(<DataTable items={fruits} columns={plain} rowId={(fruit) => String(fruit.id)} />);
    expect(document.querySelectorAll("[data-pin]")).toHaveLength(0);
  });
});
