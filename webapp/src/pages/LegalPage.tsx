import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Callout, Container, Flex, Heading } from "@radix-ui/themes";
import { usePageTitle } from "../navigation/usePageTitle";

/**
 * One of the legal documents the footer links to. The operator of each
 * installation publishes its own text; until an operator can publish it
 * (issue 25), the page says plainly that the document is not published,
 * rather than filler that reads like a document.
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
        <Callout.Root color="amber" role="status">
          <Callout.Text>
            <Trans>Not published yet: the operator of this portal has not published this document.</Trans>
          </Callout.Text>
        </Callout.Root>
      </Flex>
    </Container>
  );
}
