import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import { usePageTitle } from "../navigation/usePageTitle";

/**
 * One of the legal documents the footer links to. The operator of each
 * installation publishes its own text; the portal provides the place.
 */
export function LegalPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  const text = i18n._(title);
  usePageTitle(text);
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="3">
        <Heading as="h1" size="7">
          {text}
        </Heading>
        <Text as="p" color="gray">
          <Trans>The operator of this portal publishes this document on this page.</Trans>
        </Text>
      </Flex>
    </Container>
  );
}
