import { EyeOpenIcon, Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Flex, IconButton } from "@radix-ui/themes";
import { Link } from "react-router";

type RowActionsProps = {
  /** The record's detail page; its edit form is at `${path}/edit`. */
  path: string;
  /** What each button does to which record, for screen readers (the buttons only show icons). */
  labels: { view: string; edit: string; delete: string };
  /** The delete confirmation, with the list's query so the list stays as it was; none: no delete button. */
  deleteTo?: string;
};

/** The last cell's icon buttons of a list row: view, edit, delete. */
export function RowActions({ path, labels, deleteTo }: RowActionsProps) {
  return (
    <Flex gap="2" justify="end">
      <IconButton asChild variant="ghost" aria-label={labels.view}>
        <Link to={path}>
          <EyeOpenIcon />
        </Link>
      </IconButton>
      <IconButton asChild variant="ghost" aria-label={labels.edit}>
        <Link to={`${path}/edit`}>
          <Pencil1Icon />
        </Link>
      </IconButton>
      {deleteTo && (
        <IconButton asChild variant="ghost" color="red" aria-label={labels.delete}>
          <Link to={deleteTo}>
            <TrashIcon />
          </Link>
        </IconButton>
      )}
    </Flex>
  );
}
