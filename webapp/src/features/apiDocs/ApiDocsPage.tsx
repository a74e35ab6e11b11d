import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Badge, Box, Callout, Card, Container, Flex, Heading, Link, ScrollArea, Text } from "@radix-ui/themes";
import { useApplicationProfile } from "../../api/management";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../navigation/pageTitles";
import { usePageTitle } from "../../navigation/usePageTitle";
import { openApiDocumentUrl, readOpenApi } from "./openApi";
import { OperationEntry } from "./OperationEntry";
import "./ApiDocsPage.css";

/**
 * The API documentation (spec 1 §2, /account/docs and the admin menu): the
 * portal's OpenAPI document, listed by service with each operation's method,
 * path, purpose, parameters, request and answer fields, and a form that
 * sends the call with the signed-in user's session; the document itself to
 * download.
 */
export function ApiDocsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.apiDocs));
  const { data: profile } = useApplicationProfile();
  const switchedOff = profile?.isSwaggerEnabled === false;
  const docs = useQuery({
    queryKey: ["apiDocs"],
    queryFn: async ({ signal }) => {
      const response = await fetch(openApiDocumentUrl, { signal });
      if (!response.ok) throw new Error(`${openApiDocumentUrl} answered ${response.status}`);
      return readOpenApi(await response.text());
    },
    enabled: profile !== undefined && !switchedOff,
    staleTime: Infinity,
    meta: { background: true },
  });
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.apiDocs)}
          </Heading>
          <Link href={openApiDocumentUrl} download size="2">
            <Trans>Download the OpenAPI document</Trans>
          </Link>
        </Flex>
        <Card size="2">
          <ScrollArea type="auto" scrollbars="vertical" className="api-docs-frame" aria-label={t`API documentation`}>
            {switchedOff ? (
              <Callout.Root color="gray" role="status">
                <Callout.Text>
                  <Trans>The API documentation is switched off on this portal.</Trans>
                </Callout.Text>
              </Callout.Root>
            ) : docs.isError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>
                  <Trans>The API documentation cannot be loaded right now.</Trans>
                </Callout.Text>
              </Callout.Root>
            ) : !docs.data ? (
              <PageLoading />
            ) : (
              <Flex direction="column" gap="5" pr="3">
                <Box>
                  <Heading as="h2" size="5">
                    {docs.data.title} <Badge>{docs.data.version}</Badge>
                  </Heading>
                  <Text as="p" size="2" color="gray" className="api-docs-text">
                    {docs.data.description}
                  </Text>
                </Box>
                {docs.data.groups.map((group) => (
                  <Flex key={group.name} direction="column" gap="2">
                    <Heading as="h3" size="3">
                      {group.name.replace(/^portal\.v1\./, "")}
                    </Heading>
                    {group.operations.map((operation) => (
                      <OperationEntry
                        key={`${operation.method} ${operation.path}`}
                        operation={operation}
                        schemas={docs.data.schemas}
                      />
                    ))}
                  </Flex>
                ))}
              </Flex>
            )}
          </ScrollArea>
        </Card>
      </Flex>
    </Container>
  );
}
