import { Trans } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex } from "@radix-ui/themes";
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

type DetailViewProps = {
  /** The Fact rows. */
  children: ReactNode;
  /** The list the record belongs to. */
  backTo: string;
  /** The record's edit form. */
  editTo: string;
};

/**
 * The body of a record's detail page: its facts, then the way back to the
 * list and the way on to the edit form, the same for every kind of record.
 */
export function DetailView({ children, backTo, editTo }: DetailViewProps) {
  return (
    <Flex direction="column" gap="5">
      <DataList.Root>{children}</DataList.Root>
      <Flex gap="3">
        <Button asChild variant="soft" color="gray">
          <Link to={backTo}>
            <ArrowLeftIcon />
            <Trans>Back</Trans>
          </Link>
        </Button>
        <Button asChild>
          <Link to={editTo}>
            <Pencil1Icon />
            <Trans>Edit</Trans>
          </Link>
        </Button>
      </Flex>
    </Flex>
  );
}
