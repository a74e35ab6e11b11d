import { Trans, useLingui } from "@lingui/react/macro";
import { Container, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { ShellProfile } from "../api/shellData";
import { formatDate } from "../i18n/format";
import { legalPages } from "../navigation/legalPages";
import { pageTitles } from "../navigation/pageTitles";

/**
 * The public services every visitor finds in the footer (spec 1 §6): the
 * parcel inquiry goes to the portal's tenant; the newsletter asks a visitor
 * to sign in first, as the server subscribes signed-in logins only.
 */
const servicePages = [
  { path: "/parcel-inquiry", title: pageTitles.parcelInquiry },
  { path: "/newsletter-subscribe", title: pageTitles.newsletter },
];

/** The footer of spec 1 §2: what the product is, which build is running, and the legal documents. */
export function Footer({ profile }: { profile: ShellProfile | null | undefined }) {
  const { i18n, t } = useLingui();
  return (
    <footer className="app-footer">
      <Container size="4" px="4" py="5">
        <Flex direction={{ initial: "column", md: "row" }} justify="between" gap="4">
          <Flex direction="column" gap="1" flexShrink="0">
            <Text size="2" weight="medium">
              <Trans>Parcel Portal, a sync tool for shipments</Trans>
            </Text>
            {profile && <BuildFacts profile={profile} />}
          </Flex>
          <Flex direction="column" gap="2" align={{ initial: "start", md: "end" }}>
            <nav aria-label={t`Services`}>
              <Flex gap="4" wrap="wrap" justify={{ initial: "start", md: "end" }}>
                {servicePages.map(({ path, title }) => (
                  <RadixLink key={path} asChild size="2" color="gray">
                    <Link to={path}>{i18n._(title)}</Link>
                  </RadixLink>
                ))}
              </Flex>
            </nav>
            <nav aria-label={t`Legal information`}>
              <Flex gap="4" wrap="wrap" justify={{ initial: "start", md: "end" }}>
                {legalPages.map(({ path, title }) => (
                  <RadixLink key={path} asChild size="2" color="gray">
                    <Link to={path}>{i18n._(title)}</Link>
                  </RadixLink>
                ))}
              </Flex>
            </nav>
          </Flex>
        </Flex>
      </Container>
    </footer>
  );
}

function BuildFacts({ profile }: { profile: ShellProfile }) {
  const version = profile.version ?? "";
  const buildDate = profile.buildDate ? formatDate(new Date(profile.buildDate)) : "";
  const year = profile.copyrightYear ?? 0;
  return (
    <Text size="1" color="gray" data-testid="build-facts">
      <Trans>
        Version <span data-testid="version">{version}</span> · built {buildDate} · © {year}
      </Trans>
    </Text>
  );
}
