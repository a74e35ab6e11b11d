import { Card, Container, Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { usePageTitle } from "../navigation/usePageTitle";

/** The frame of a page that is one form or one message: its title and a card. */
export function FormPage({
  title,
  size = "2",
  children,
}: {
  title: string;
  size?: "1" | "2" | "3";
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={size} px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        <Card size="3">{children}</Card>
      </Flex>
    </Container>
  );
}
