import { PlusIcon } from "@radix-ui/react-icons";
import { Button, Container, Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { usePageTitle } from "../navigation/usePageTitle";

type ListPageProps = {
  /** The heading, and the tab title. */
  title: string;
  /** The buttons beside the heading (create, related lists). */
  actions?: ReactNode;
  /** Filters and the list itself. */
  children: ReactNode;
};

/**
 * The frame of a page that lists records: a wide container, the heading with
 * its buttons, the list. The child route (the delete confirmation) renders
 * after it, so the dialog opens over the list it came from.
 */
export function ListPage({ title, actions, children }: ListPageProps) {
  usePageTitle(title);
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {actions}
        </Flex>
        {children}
      </Flex>
      <Outlet />
    </Container>
  );
}

/** The button beside a list's heading that opens the form for a new record. */
export function CreateButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild>
      <Link to={to}>
        <PlusIcon />
        {children}
      </Link>
    </Button>
  );
}
