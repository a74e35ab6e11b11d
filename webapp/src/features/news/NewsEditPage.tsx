import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Heading, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useNews, useSaveNews } from "../../api/news";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { News } from "../../gen/portal/v1/news_pb";
import { PageLoading } from "../../pages/PageLoading";

/** /news/new and /news/{id}/edit. */
export function NewsEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useNews(id);
  const editing = id !== null;
  return (
    <FormPage size="3" title={editing ? t`Edit the news item` : t`Create a news item`}>
      {!editing ? <NewsForm current={null} /> : existing.data ? <NewsForm current={existing.data} /> : <PageLoading />}
    </FormPage>
  );
}

type Texts = Pick<News, "summary" | "summaryEn" | "summaryDe" | "summaryNl" | "articleEn" | "articleDe" | "articleNl">;

/** A summary and an HTML article in English, German and Dutch; the server sanitizes the HTML. */
function NewsForm({ current }: { current: News | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const save = useSaveNews();
  const [texts, setTexts] = useState<Texts>({
    summary: current?.summary ?? "",
    summaryEn: current?.summaryEn ?? "",
    summaryDe: current?.summaryDe ?? "",
    summaryNl: current?.summaryNl ?? "",
    articleEn: current?.articleEn ?? "",
    articleDe: current?.articleDe ?? "",
    articleNl: current?.articleNl ?? "",
  });
  const [failure, setFailure] = useState(noFailure);
  const set = (field: keyof Texts) => (value: string) => setTexts((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(noFailure);
    save.mutate(
      { id: current?.id, ...texts },
      {
        onSuccess: (saved) => void navigate(saved ? `/news/${saved.id}` : "/news"),
        onError: (error) => setFailure(describeFormFailure(error)),
      },
    );
  };

  const languages = [
    { heading: t`English`, summary: "summaryEn", article: "articleEn" },
    { heading: t`German`, summary: "summaryDe", article: "articleDe" },
    { heading: t`Dutch`, summary: "summaryNl", article: "articleNl" },
  ] as const;

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Field label={t`Summary`} hint={<Trans>An internal note; the dashboard shows the summaries below.</Trans>}>
          {(control) => (
            <TextField.Root {...control} value={texts.summary} onChange={(e) => set("summary")(e.target.value)} />
          )}
        </Field>
        {languages.map((language) => (
          <Flex key={language.summary} direction="column" gap="3">
            <Heading as="h2" size="4">
              {language.heading}
            </Heading>
            <Field label={t`Summary (${language.heading})`}>
              {(control) => (
                <TextField.Root
                  {...control}
                  value={texts[language.summary]}
                  onChange={(e) => set(language.summary)(e.target.value)}
                />
              )}
            </Field>
            <Field
              label={t`Article (${language.heading})`}
              hint={<Trans>HTML: paragraphs, lists, headings, links and images are kept.</Trans>}
            >
              {(control) => (
                <TextArea
                  {...control}
                  rows={6}
                  value={texts[language.article]}
                  onChange={(e) => set(language.article)(e.target.value)}
                />
              )}
            </Field>
          </Flex>
        ))}
        <FormFooter
          messages={failure.messages}
          cancelTo={current ? `/news/${current.id}` : "/news"}
          saving={save.isPending}
        />
      </Flex>
    </form>
  );
}
