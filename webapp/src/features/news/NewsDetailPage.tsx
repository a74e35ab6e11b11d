import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useNews } from "../../api/news";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";

/**
 * /news/{id}: the English, German and Dutch sections with summary and
 * article rendered as HTML. The server sanitized the HTML when it was saved.
 */
export function NewsDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: item } = useNews(id);
  const sections = item
    ? [
        { lang: "en", heading: t`English`, summary: item.summaryEn, article: item.articleEn },
        { lang: "de", heading: t`German`, summary: item.summaryDe, article: item.articleDe },
        { lang: "nl", heading: t`Dutch`, summary: item.summaryNl, article: item.articleNl },
      ]
    : [];
  return (
    <FormPage size="3" title={t`News item`}>
      {!item ? (
        <PageLoading />
      ) : (
        <Flex direction="column" gap="4">
          {sections.map((section, index) => (
            <Flex key={section.lang} direction="column" gap="2" lang={section.lang}>
              {index > 0 && <Separator size="4" />}
              <Heading as="h2" size="4">
                {section.heading}
              </Heading>
              <Text weight="bold">{section.summary}</Text>
              {/* Sanitized by the server's allow-list before it was stored. */}
              <Box className="news-article" dangerouslySetInnerHTML={{ __html: section.article }} />
            </Flex>
          ))}
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to="/news">
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/news/${item.id}/edit`}>
                <Pencil1Icon />
                <Trans>Edit</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
      )}
    </FormPage>
  );
}
