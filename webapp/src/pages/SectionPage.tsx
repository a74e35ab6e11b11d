import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Container, Heading } from "@radix-ui/themes";
import { usePageTitle } from "../navigation/usePageTitle";

/**
 * The frame of a page whose content arrives with its own feature: the
 * translated page title, so that every route of the spec resolves and can be
 * linked to now.
 */
export function SectionPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  const text = i18n._(title);
  usePageTitle(text);
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        {text}
      </Heading>
    </Container>
  );
}
