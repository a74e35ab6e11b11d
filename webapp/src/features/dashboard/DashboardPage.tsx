import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { useParcelsPerCountry } from "../../api/dashboard";
import { useNewsForLocale } from "../../api/news";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { type DataColumn, DataTable } from "../../components/DataTable";
import type { ParcelsPerCountry } from "../../gen/portal/v1/dashboard_pb";
import { formatNumber } from "../../i18n/format";
import { pageTitles } from "../../navigation/pageTitles";
import { usePageTitle } from "../../navigation/usePageTitle";
import { countryName } from "../../shipping/countries";
import { CountrySearch } from "./CountrySearch";
import { links, topCountries } from "./dashboardModel";
import { TrackingBox } from "./TrackingBox";
import { WorldMap } from "./WorldMap";

/**
 * /dashboard (spec 3 §2): on the left the map with a marker per destination
 * country and the top-countries table, the country search and the shipment
 * tracking box; on the right the news of the user's locale and the links.
 * The counts are the active customer's.
 */
export function DashboardPage() {
  const { t } = useLingui();
  usePageTitle(t(pageTitles.dashboard));
  const { activeCustomer } = useActiveCustomer();
  return (
    <Grid columns={{ initial: "1", md: "minmax(0, 1fr) 320px" }} gap="4" p="4">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          {t(pageTitles.dashboard)}
        </Heading>
        {activeCustomer ? (
          <>
            <CountryCounts customerId={activeCustomer.id} />
            <CountrySearch customerId={activeCustomer.id} />
          </>
        ) : (
          <Card>
            <Text color="gray">
              <Trans>Choose a customer to see where its parcels go.</Trans>
            </Text>
          </Card>
        )}
        <TrackingBox />
      </Flex>
      <Flex direction="column" gap="4">
        <NewsColumn />
        <LinksColumn />
      </Flex>
    </Grid>
  );
}

function CountryCounts({ customerId }: { customerId: bigint }) {
  const { i18n, t } = useLingui();
  const counts = useParcelsPerCountry(customerId);
  const all = counts.data ?? [];
  const columns: DataColumn<ParcelsPerCountry>[] = [
    {
      id: "country",
      header: t`Country`,
      meta: { rowHeader: true },
      cell: ({ row }) => countryName(row.original.isoCountry, i18n.locale),
    },
    {
      id: "count",
      header: t`Parcels`,
      cell: ({ row }) => formatNumber(row.original.parcelCount, i18n.locale),
    },
  ];
  return (
    <Card>
      <Grid columns={{ initial: "1", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap="4">
        <WorldMap counts={all} />
        <Flex direction="column" gap="2">
          <Heading as="h2" size="3">
            <Trans>Top 5 destination countries</Trans>
          </Heading>
          <DataTable
            items={counts.data ? topCountries(all) : undefined}
            failed={counts.isError}
            columns={columns}
            rowId={(c) => c.isoCountry}
            size="1"
            empty={
              <Text color="gray" size="2">
                <Trans>No parcels sent yet.</Trans>
              </Text>
            }
          />
        </Flex>
      </Grid>
    </Card>
  );
}

function NewsColumn() {
  const { i18n } = useLingui();
  const news = useNewsForLocale(i18n.locale);
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="3">
          <Trans>News</Trans>
        </Heading>
        {news.data?.length === 0 && (
          <Text color="gray" size="2">
            <Trans>No news.</Trans>
          </Text>
        )}
        {news.data?.map((item) => (
          <Box key={String(item.id)} asChild>
            <details>
              <summary>
                <Text weight="medium">{item.summaryEn}</Text>
              </summary>
              <Box className="news-article" dangerouslySetInnerHTML={{ __html: item.articleEn }} />
            </details>
          </Box>
        ))}
      </Flex>
    </Card>
  );
}

function LinksColumn() {
  const { t } = useLingui();
  return (
    <Card>
      <Flex direction="column" gap="2" asChild>
        <nav aria-label={t`Links`}>
          <Heading as="h2" size="3">
            <Trans>Links</Trans>
          </Heading>
          {links.map((link) =>
            link.external ? (
              <RadixLink key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
                {t(link.label)}
              </RadixLink>
            ) : (
              <RadixLink key={link.href} asChild>
                <Link to={link.href}>{t(link.label)}</Link>
              </RadixLink>
            ),
          )}
        </nav>
      </Flex>
    </Card>
  );
}
