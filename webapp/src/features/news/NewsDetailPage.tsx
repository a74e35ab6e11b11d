import { useLingui } from "@lingui/react/macro";
import { Box, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useNews } from "../../api/news";
import { DetailView } from "../../components/DetailView";
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
        <DetailView backTo="/news" editTo={`/news/${item.id}/edit`}>
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
        </DetailView>
      )}
    </FormPage>
  );
}
