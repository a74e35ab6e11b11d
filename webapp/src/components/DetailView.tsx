import { Trans } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Button, DataList, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** One labelled value of a detail page; an empty value shows as a dash, so no row looks broken. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children || "–"}</DataList.Value>
    </DataList.Item>
  );
}

/** The Fact rows of a detail page. */
export function Facts({ children }: { children: ReactNode }) {
  return <DataList.Root>{children}</DataList.Root>;
}

/** The way back to where the page came from: its list, mostly. */
export function BackButton({ to }: { to: string }) {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to={to}>
        <ArrowLeftIcon />
        <Trans>Back</Trans>
      </Link>
    </Button>
  );
}

type DetailViewProps = {
  /** The record: its Facts, then what else belongs to it (related records, long texts). */
  children: ReactNode;
  /** The list the record belongs to. */
  backTo: string;
  /** The record's edit form; none: no edit button. */
  editTo?: string;
  /** The record's delete confirmation; none: no delete button. */
  deleteTo?: string;
  /** Why the record cannot be deleted now: the delete button is disabled and says why. */
  deleteRefusal?: string | null;
};

/**
 * The body of a record's detail page: the record, then the way back to the
 * list and the way on to the edit form (or the delete), the same for every
 * kind of record.
 */
export function DetailView({ children, backTo, editTo, deleteTo, deleteRefusal }: DetailViewProps) {
  return (
    <Flex direction="column" gap="5">
      {children}
      <Flex gap="3" align="center" wrap="wrap">
        <BackButton to={backTo} />
        {editTo && (
          <Button asChild>
            <Link to={editTo}>
              <Pencil1Icon />
              <Trans>Edit</Trans>
            </Link>
          </Button>
        )}
        {deleteTo && deleteRefusal && (
          <>
            <Button color="red" variant="soft" disabled>
              <TrashIcon />
              <Trans>Delete</Trans>
            </Button>
            <Text size="2" color="gray">
              {deleteRefusal}
            </Text>
          </>
        )}
        {deleteTo && !deleteRefusal && (
          <Button asChild color="red" variant="soft">
            <Link to={deleteTo}>
              <TrashIcon />
              <Trans>Delete</Trans>
            </Link>
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
