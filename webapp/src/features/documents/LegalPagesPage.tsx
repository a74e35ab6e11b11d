import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Badge,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Link as RadixLink,
  Select,
  Tabs,
  Text,
  TextArea,
} from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useLegalPages, usePublishLegalPage, useWithdrawLegalPage } from "../../api/documents";
import { useInquiryTenant } from "../../api/inquiries";
import { useTenantChoices } from "../../api/tenantChoices";
import { Field } from "../../components/form/Field";
import { FormMessages } from "../../components/form/FormMessages";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { violationMessage } from "../../components/form/violationMessage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { LegalPage, LegalPageKind } from "../../gen/portal/v1/documents_pb";
import { formatDateTime } from "../../i18n/format";
import { type Locale, localeNames, supportedLocales } from "../../i18n/locales";
import { legalPagesWithKinds } from "../../navigation/legalKinds";
import { pageTitles } from "../../navigation/pageTitles";
import { usePageTitle } from "../../navigation/usePageTitle";
import { PageLoading } from "../../pages/PageLoading";

/**
 * /admin/legal-pages (issue 25): admins publish each of the footer's five
 * legal pages per tenant and language, as plain text. A visitor reads their
 * tenant's page in their language, else in English, else in the language
 * there is; a page published in no language says "not published".
 */
export function LegalPagesPage() {
  const { i18n, t } = useLingui();
  const title = i18n._(pageTitles.legalPages);
  usePageTitle(title);
  const tenants = useTenantChoices();
  // The tenant whose pages visitors read, as the server names it (staff
  // have no customer, so they read the same); chosen first.
  const portalTenant = useInquiryTenant(0n);
  const [chosenTenant, setChosenTenant] = useState<string | null>(null);
  const tenantId =
    chosenTenant ??
    (portalTenant.data ? String(portalTenant.data.id) : tenants.data?.[0] ? String(tenants.data[0].id) : null);
  const portalTenantName = portalTenant.data?.name ?? "";
  const [kind, setKind] = useState<LegalPageKind>(legalPagesWithKinds[0].kind);
  const [locale, setLocale] = useState<Locale>(
    supportedLocales.includes(i18n.locale as Locale) ? (i18n.locale as Locale) : "en",
  );
  const pages = useLegalPages(tenantId === null ? null : BigInt(tenantId), kind);
  const page = legalPagesWithKinds.find((p) => p.kind === kind) ?? legalPagesWithKinds[0];
  const published = (l: string) => pages.data?.find((p) => p.locale === l) ?? null;

  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray">
          <Trans>
            Visitors read the page of their tenant in their language; a language without a text shows the English one,
            else one that is published. Texts are plain text: separate paragraphs with a blank line.
          </Trans>
        </Text>
        <Card size="3">
          {tenants.isPending || portalTenant.isPending ? (
            <PageLoading />
          ) : !tenantId ? (
            <Text as="p" size="2">
              <Trans>There is no tenant yet. Create a tenant first.</Trans>
            </Text>
          ) : (
            <Flex direction="column" gap="4">
              {portalTenantName && (
                <Text as="p" size="2" data-testid="portal-tenant">
                  <Trans>
                    Visitors who are not signed in read the pages of {portalTenantName}; signed-in shippers read those
                    of their customer's tenant.
                  </Trans>
                </Text>
              )}
              <Flex gap="4" wrap="wrap">
                <Field label={t`Tenant`}>
                  {(control) => (
                    <Select.Root value={tenantId} onValueChange={setChosenTenant}>
                      <Select.Trigger {...control} />
                      <Select.Content>
                        {(tenants.data ?? []).map((tenant) => (
                          <Select.Item key={String(tenant.id)} value={String(tenant.id)}>
                            {tenant.name}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  )}
                </Field>
                <Field label={t`Page`}>
                  {(control) => (
                    <Select.Root
                      value={String(kind)}
                      onValueChange={(value) => setKind(Number(value) as LegalPageKind)}
                    >
                      <Select.Trigger {...control} />
                      <Select.Content>
                        {legalPagesWithKinds.map((p) => (
                          <Select.Item key={p.kind} value={String(p.kind)}>
                            {i18n._(p.title)}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  )}
                </Field>
              </Flex>
              <Tabs.Root value={locale} onValueChange={(value) => setLocale(value as Locale)}>
                <Tabs.List aria-label={t`Language`}>
                  {supportedLocales.map((l) => (
                    <Tabs.Trigger key={l} value={l} lang={l}>
                      <Flex gap="2" align="center">
                        {localeNames[l]}
                        {published(l) && (
                          <Badge color="green" size="1">
                            <Trans>published</Trans>
                          </Badge>
                        )}
                      </Flex>
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
              </Tabs.Root>
              {pages.isPending ? (
                <PageLoading />
              ) : (
                <LegalPageEditor
                  key={`${tenantId}-${kind}-${locale}`}
                  tenantId={BigInt(tenantId)}
                  kind={kind}
                  locale={locale}
                  current={published(locale)}
                />
              )}
              <Text as="p" size="2">
                <RadixLink asChild>
                  <Link to={page.path}>
                    <Trans>Open the page as visitors see it</Trans>
                  </Link>
                </RadixLink>
              </Text>
            </Flex>
          )}
        </Card>
      </Flex>
    </Container>
  );
}

/** The text of one page in one language: publish it, or withdraw what is published. */
function LegalPageEditor({
  tenantId,
  kind,
  locale,
  current,
}: {
  tenantId: bigint;
  kind: LegalPageKind;
  locale: Locale;
  current: LegalPage | null;
}) {
  const { t } = useLingui();
  const publish = usePublishLegalPage();
  const withdraw = useWithdrawLegalPage();
  const [body, setBody] = useState(current?.body ?? "");
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const [done, setDone] = useState<"published" | "withdrawn" | null>(null);
  const bodyMissing = submitted && body.trim() === "";
  const language = localeNames[locale];
  const date = current?.updatedAt ? formatDateTime(timestampDate(current.updatedAt)) : "";
  const login = current?.updatedBy ?? "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    setDone(null);
    if (body.trim() === "") return;
    publish.mutate(
      { tenantId, kind, locale, body },
      {
        onSuccess: (saved) => {
          if (saved) setBody(saved.body);
          setDone("published");
        },
        onError: (error) => setFailure(describeFormFailure(error, ["body"])),
      },
    );
  };

  const withdrawPage = () => {
    setFailure(noFailure);
    setDone(null);
    withdraw.mutate(
      { tenantId, kind, locale },
      {
        onSuccess: () => setDone("withdrawn"),
        onError: (error) => setFailure(describeFormFailure(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" role="status">
          {current ? (
            <Trans>
              Published on {date} by {login}.
            </Trans>
          ) : (
            <Trans>Not published in this language.</Trans>
          )}
        </Text>
        <Field
          label={t`Text (${language})`}
          error={bodyMissing ? violationMessage({ rule: "required" }) : (failure.fields.body ?? null)}
        >
          {(control) => (
            <TextArea
              {...control}
              lang={locale}
              rows={18}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          )}
        </Field>
        <FormMessages messages={failure.messages} />
        {done === "published" && (
          <SuccessMessage>
            <Trans>The page is published.</Trans>
          </SuccessMessage>
        )}
        {done === "withdrawn" && (
          <SuccessMessage>
            <Trans>The page is withdrawn. Visitors no longer read it in this language.</Trans>
          </SuccessMessage>
        )}
        <Flex justify="end" gap="3">
          {current && (
            <Button type="button" variant="soft" color="red" loading={withdraw.isPending} onClick={withdrawPage}>
              <Trans>Withdraw</Trans>
            </Button>
          )}
          <Button type="submit" loading={publish.isPending}>
            <Trans>Publish</Trans>
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
