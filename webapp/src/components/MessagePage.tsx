import { Trans } from "@lingui/react/macro";
import { Button, Container, Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../navigation/usePageTitle";

/** The usual way on from a page that only says something: back to "/". */
export function BackToStartButton() {
  return (
    <Button asChild variant="soft">
      <Link to="/">
        <Trans>Back to the start page</Trans>
      </Link>
    </Button>
  );
}

/**
 * A message and the ways on, one under the other and aligned left, so the
 * buttons keep their own width. Inside a FormPage card it is all a page shows
 * once there is nothing left to ask (registered, reset requested, activated).
 */
export function MessageBody({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" gap="4" align="start">
      {children}
    </Flex>
  );
}

type MessagePageProps = {
  /** The heading, and the tab title. */
  title: string;
  /** What the page says: a paragraph or a callout. */
  children: ReactNode;
  /** The ways on, under the message; back to the start page unless the page knows a better one. */
  actions?: ReactNode;
  /** The error pages use the wide container; the short sign-out confirmation a narrow one. */
  size?: "2" | "4";
  py?: "8" | "9";
};

/**
 * A page that is only a message, without a card around it: not found,
 * forbidden, signed out. The heading stands in the message's column.
 */
export function MessagePage({
  title,
  children,
  actions = <BackToStartButton />,
  size = "4",
  py = "9",
}: MessagePageProps) {
  usePageTitle(title);
  return (
    <Container size={size} px="4" py={py}>
      <MessageBody>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {children}
        {actions}
      </MessageBody>
    </Container>
  );
}
