import { Trans } from "@lingui/react/macro";
import { Button, Callout, Container, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import { useRouteError } from "react-router";

/**
 * The router's error boundary: a page that failed to render (or whose code
 * failed to load) shows this instead of a blank screen (spec 1 §8).
 */
export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Container size="4" px="4" py="9">
      <Flex direction="column" gap="4" align="start">
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <Trans>An unexpected error has occurred.</Trans>
          </Callout.Text>
        </Callout.Root>
        <Button variant="soft" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </Button>
      </Flex>
    </Container>
  );
}
