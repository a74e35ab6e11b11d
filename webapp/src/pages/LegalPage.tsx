import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Box, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { usePublishedLegalPage } from "../api/documents";
import { formatDate } from "../i18n/format";
import { isSupportedLocale, localeNames } from "../i18n/locales";
import { legalKindOfPath } from "../navigation/legalKinds";
import type { legalPages } from "../navigation/legalPages";
import { usePageTitle } from "../navigation/usePageTitle";
import { PageLoading } from "./PageLoading";

/** A published text's paragraphs: blank lines part them; single line ends stay (addresses). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/**
 * One of the legal documents the footer links to. The operator publishes
 * each per tenant and locale (issue 25); the server picks the reader's
 * tenant and answers their language, else English, else the language it
 * has. The text is plain text, shown as text. Until the operator publishes
 * it, the page says plainly that the document is not published.
 */
export function LegalPage({ title, path }: { title: MessageDescriptor; path: (typeof legalPages)[number]["path"] }) {
  const { i18n } = useLingui();
  const text = i18n._(title);
  usePageTitle(text);
  const page = usePublishedLegalPage(legalKindOfPath[path], i18n.locale);
  const shown = page.data;
  const otherLanguage = shown && shown.locale !== i18n.locale && isSupportedLocale(shown.locale) ? shown.locale : null;
  const language = otherLanguage ? localeNames[otherLanguage] : "";
  const date = shown?.updatedAt ? formatDate(timestampDate(shown.updatedAt)) : "";
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="3">
        <Heading as="h1" size="7">
          {text}
        </Heading>
        {page.isPending ? (
          <PageLoading />
        ) : page.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              <Trans>This page could not be loaded. Please try again later.</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : !shown ? (
          <Callout.Root color="amber" role="status">
            <Callout.Text>
              <Trans>Not published yet: the operator of this portal has not published this document.</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            {otherLanguage && (
              <Callout.Root color="gray" role="note">
                <Callout.Text>
                  <Trans>This page is not available in your language. It is shown in {language}.</Trans>
                </Callout.Text>
              </Callout.Root>
            )}
            <Box lang={shown.locale} data-testid="legal-text">
              {paragraphsOf(shown.body).map((paragraph, index) => (
                <Text as="p" size="3" mb="3" key={index} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {paragraph}
                </Text>
              ))}
            </Box>
            {date && (
              <Text as="p" size="2" color="gray">
                <Trans>Last updated on {date}</Trans>
              </Text>
            )}
          </>
        )}
      </Flex>
    </Container>
  );
}
