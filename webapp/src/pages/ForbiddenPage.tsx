import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { usePageTitle } from "../shell/usePageTitle";

/** A signed-in user without a role the page needs sees this (spec 1 §2, 'insufficient authority'). */
export function ForbiddenPage() {
  const { t } = useLingui();
  usePageTitle(t`Access denied`);
  return (
    <Container size="4" px="4" py="9">
      <Flex direction="column" gap="4" align="start">
        <Heading as="h1" size="7">
          <Trans>Access denied</Trans>
        </Heading>
        <Text as="p" size="4" color="gray" role="alert">
          <Trans>You are not authorized to access this page.</Trans>
        </Text>
        <Button asChild variant="soft">
          <Link to="/">
            <Trans>Back to the start page</Trans>
          </Link>
        </Button>
      </Flex>
    </Container>
  );
}
