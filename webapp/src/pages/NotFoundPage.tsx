import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { usePageTitle } from "../shell/usePageTitle";

/** Every path no route claims ends here (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <Container size="4" px="4" py="9">
      <Flex direction="column" gap="4" align="start">
        <Heading as="h1" size="7">
          <Trans>Page not found</Trans>
        </Heading>
        <Text as="p" size="4" color="gray">
          <Trans>The page does not exist.</Trans>
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
