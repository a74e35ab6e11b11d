import { Trans, useLingui } from "@lingui/react/macro";
import { Cross2Icon, UpdateIcon } from "@radix-ui/react-icons";
import { Button, Callout, Container, Flex, IconButton } from "@radix-ui/themes";

/** The notice of a new version, with a way to load it and one to close it. */
export function VersionCallout({ newVersion, onDismiss }: { newVersion: string; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <Container size="4" px="4" pt="3">
      <Callout.Root role="status">
        <Callout.Icon>
          <UpdateIcon />
        </Callout.Icon>
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Callout.Text>
            <Trans>Version {newVersion} of the portal is available. Reload the page to use it.</Trans>
          </Callout.Text>
          <Flex gap="2" align="center">
            <Button size="1" onClick={() => window.location.reload()}>
              <Trans>Reload</Trans>
            </Button>
            <IconButton size="1" variant="ghost" aria-label={t`Close`} onClick={onDismiss}>
              <Cross2Icon />
            </IconButton>
          </Flex>
        </Flex>
      </Callout.Root>
    </Container>
  );
}
