import { Trans } from "@lingui/react/macro";
import { Button, Callout, Container, Flex } from "@radix-ui/themes";

/**
 * What a page that failed to render (or whose code failed to load) shows
 * instead of a blank screen (spec 1 §8); `RouteErrorBoundary` logs the error.
 */
export function ErrorPage() {
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
