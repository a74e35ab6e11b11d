import { CaretDownIcon, CaretSortIcon, CaretUpIcon } from "@radix-ui/react-icons";
import { Table } from "@radix-ui/themes";
import type { ReactNode } from "react";
import "./SortableHeader.css";

export type SortOrder = { field: string; direction: "asc" | "desc" };

type SortableHeaderProps = {
  field: string;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  children: ReactNode;
};

/** A column header that sorts the list by its field, and on a second click the other way round. */
export function SortableHeader({ field, sort, onSort, children }: SortableHeaderProps) {
  const active = sort.field === field;
  const next: SortOrder = { field, direction: active && sort.direction === "asc" ? "desc" : "asc" };
  const Icon = !active ? CaretSortIcon : sort.direction === "asc" ? CaretUpIcon : CaretDownIcon;
  return (
    <Table.ColumnHeaderCell aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" className="sortable-header" onClick={() => onSort(next)}>
        {children}
        <Icon aria-hidden />
      </button>
    </Table.ColumnHeaderCell>
  );
}
