import { type FocusEvent, type KeyboardEvent, type RefObject, useLayoutEffect, useMemo, useRef, useState } from "react";

/** A cell of the grid by its place: the row among the rows shown, the column among the columns. */
export type CellAt = { row: number; column: number };
/** The active cell keeps its row and column by id, so that it stays on its row when the rows are read again. */
type ActiveCell = CellAt & { rowId: string; columnId: string };

const clampIndex = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1);

type ActiveCellOptions = {
  /** The ids of the rows shown and of the columns, in order. */
  rowIds: string[];
  columnIds: string[];
  /** The grid's scroll area, which holds the cells. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** How many rows PageUp and PageDown move. */
  pageRows: () => number;
  /** Enter or F2 on the active cell; absent when the grid is read-only. */
  onEditKey?: (cell: CellAt) => void;
};

/**
 * The ARIA grid pattern's active cell (https://www.w3.org/WAI/ARIA/apg/patterns/grid/):
 * the grid is one Tab stop, its active cell; the arrow keys, Home/End,
 * Ctrl+Home/Ctrl+End and PageUp/PageDown move it; Enter or F2 asks to edit
 * it. A cell focused by a click becomes the active one, and when the focused
 * cell leaves the page (rendered anew after a save, or its row went) the
 * active cell takes focus back. The caller renders the cell at `current`
 * with tabIndex 0, keeps it rendered, and spreads `handlers` on the grid.
 */
export function useActiveCell({ rowIds, columnIds, scrollRef, pageRows, onEditKey }: ActiveCellOptions) {
  // The first cell until focus or a key moves it; by id, else by its last place.
  const [active, setActive] = useState<ActiveCell | null>(null);
  const rowIndexById = useMemo(() => new Map(rowIds.map((id, index) => [id, index])), [rowIds]);
  const columnIndexById = useMemo(() => new Map(columnIds.map((id, index) => [id, index])), [columnIds]);
  const current: CellAt | null =
    rowIds.length === 0 || columnIds.length === 0
      ? null
      : {
          row: clampIndex(active ? (rowIndexById.get(active.rowId) ?? active.row) : 0, rowIds.length),
          column: clampIndex(active ? (columnIndexById.get(active.columnId) ?? active.column) : 0, columnIds.length),
        };

  // Focus: a key asked to move it to the active cell, and whether the grid holds it (to take it back).
  const focusPending = useRef(false);
  const focusInside = useRef(false);
  useLayoutEffect(() => {
    const grid = scrollRef.current;
    const cell = grid?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]');
    if (!grid || !cell) return;
    const moved = focusPending.current;
    const lost = focusInside.current && !grid.contains(document.activeElement);
    if (!moved && !lost) return;
    focusPending.current = false;
    if (document.activeElement === cell) return;
    // The CSS scroll-padding keeps the cell clear of the sticky header and position column.
    if (moved) cell.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    cell.focus({ preventScroll: true });
  });

  const select = (row: number, column: number) =>
    setActive({ row, column, rowId: rowIds[row], columnId: columnIds[column] });
  const moveTo = (cell: CellAt) => {
    select(clampIndex(cell.row, rowIds.length), clampIndex(cell.column, columnIds.length));
    focusPending.current = true;
  };
  /** After the next render, focus goes back to the active cell (an editor closed with a key). */
  const refocus = () => {
    focusPending.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys in the editor are the editor's.
    if (!current || event.altKey || (event.target as HTMLElement).getAttribute("role") !== "gridcell") return;
    if (event.key === "Enter" || event.key === "F2") {
      if (!onEditKey) return;
      event.preventDefault();
      onEditKey(current);
      return;
    }
    const control = event.ctrlKey || event.metaKey;
    const { row, column } = current;
    const lastRow = rowIds.length - 1;
    const lastColumn = columnIds.length - 1;
    const page = pageRows();
    const next: Partial<Record<string, CellAt>> = {
      ArrowUp: { row: row - 1, column },
      ArrowDown: { row: row + 1, column },
      ArrowLeft: { row, column: column - 1 },
      ArrowRight: { row, column: column + 1 },
      Home: control ? { row: 0, column: 0 } : { row, column: 0 },
      End: control ? { row: lastRow, column: lastColumn } : { row, column: lastColumn },
      PageUp: { row: row - page, column },
      PageDown: { row: row + page, column },
    };
    const target = next[event.key];
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  };

  // A cell focused by a click (or by the browser) becomes the active cell.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    focusInside.current = true;
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    const row = Number(cell?.dataset.row);
    const column = Number(cell?.dataset.column);
    if (!cell || Number.isNaN(row) || Number.isNaN(column) || (row === current?.row && column === current.column))
      return;
    select(row, column);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (next) {
      focusInside.current = false;
      return;
    }
    // Focus went nowhere: the user clicked outside or left the window (the cell is still there),
    // or the focused cell left the page (then the grid takes focus back).
    const left = event.target;
    requestAnimationFrame(() => {
      if (left.isConnected) focusInside.current = false;
    });
  };

  return { current, refocus, handlers: { onKeyDown, onFocus, onBlur } };
}
