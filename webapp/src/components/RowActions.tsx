import { EyeOpenIcon, Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Flex, IconButton } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

type RowActionsProps = {
  /** The record's detail page; its edit form is at `${path}/edit`, its delete confirmation at `${path}/delete`. */
  path: string;
  /**
   * What each button does to which record, for screen readers (the buttons
   * only show icons). A button without a label is left out: no edit form, or
   * no delete for this user or record.
   */
  labels: { view: string; edit?: string; delete?: string };
  /** Buttons shown greyed out: the record's state does not allow the step now. */
  disabled?: { view?: boolean; edit?: boolean; delete?: boolean };
};

/**
 * The last cell's icon buttons of a list row: view, edit, delete. The delete
 * confirmation gets the list's query, so the list comes back as it was.
 */
export function RowActions({ path, labels, disabled = {} }: RowActionsProps) {
  const { search } = useLocation();
  return (
    <Flex gap="2" justify="end">
      <RowAction to={path} label={labels.view} disabled={disabled.view}>
        <EyeOpenIcon />
      </RowAction>
      {labels.edit && (
        <RowAction to={`${path}/edit`} label={labels.edit} disabled={disabled.edit}>
          <Pencil1Icon />
        </RowAction>
      )}
      {labels.delete && (
        <RowAction to={`${path}/delete${search}`} label={labels.delete} disabled={disabled.delete} color="red">
          <TrashIcon />
        </RowAction>
      )}
    </Flex>
  );
}

type RowActionProps = { to: string; label: string; disabled?: boolean; color?: "red"; children: ReactNode };

/** An icon link, or while disabled a button that goes nowhere (a link cannot be disabled). */
function RowAction({ to, label, disabled, color, children }: RowActionProps) {
  if (disabled) {
    return (
      <IconButton variant="ghost" color={color} disabled aria-label={label}>
        {children}
      </IconButton>
    );
  }
  return (
    <IconButton asChild variant="ghost" color={color} aria-label={label}>
      <Link to={to}>{children}</Link>
    </IconButton>
  );
}
