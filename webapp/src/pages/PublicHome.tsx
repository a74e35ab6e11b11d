import { Trans, useLingui } from "@lingui/react/macro";
import { ArchiveIcon, FileTextIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { AspectRatio, Button, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../navigation/usePageTitle";
import { ProductVideo } from "./ProductVideo";

/** What an anonymous visitor sees first: what the portal does, its product video and the way in. */
export function PublicHome() {
  const { t } = useLingui();
  usePageTitle(t`Welcome`);
  return (
    <Container size="4" px="4" py={{ initial: "5", md: "8" }}>
      <Grid columns={{ initial: "1", md: "2" }} gap="6" align="center">
        <Flex direction="column" gap="4">
          <Heading as="h1" size={{ initial: "7", md: "8" }}>
            <Trans>Ship your parcels across Europe, in sync with the carrier</Trans>
          </Heading>
          <Text as="p" size="4" color="gray">
            <Trans>
              Create shipments one by one or upload whole batches, print labels and customs documents, hand over
              manifests and follow every parcel until it is delivered.
            </Trans>
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="3">
              <Link to="/login">
                <Trans>Sign in</Trans>
              </Link>
            </Button>
            <Button asChild size="3" variant="soft">
              <Link to="/account/register">
                <Trans>Create an account</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
        <Card size="1">
          <AspectRatio ratio={16 / 9}>
            <ProductVideo />
          </AspectRatio>
        </Card>
      </Grid>
      <Grid columns={{ initial: "1", sm: "3" }} gap="4" mt="8">
        <Feature icon={<ArchiveIcon />} title={t`Batches`}>
          <Trans>Upload a CSV file with hundreds of shipments, check them and send them in one go.</Trans>
        </Feature>
        <Feature icon={<FileTextIcon />} title={t`Labels and customs documents`}>
          <Trans>Print labels on your own printer and download the documents customs asks for.</Trans>
        </Feature>
        <Feature icon={<MagnifyingGlassIcon />} title={t`Tracking`}>
          <Trans>See where each parcel is, from hand-over to delivery.</Trans>
        </Feature>
      </Grid>
    </Container>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" gap="2">
        <Flex align="center" gap="2">
          <Flex style={{ color: "var(--accent-11)" }}>{icon}</Flex>
          <Heading as="h2" size="3">
            {title}
          </Heading>
        </Flex>
        <Text as="p" size="2" color="gray">
          {children}
        </Text>
      </Flex>
    </Card>
  );
}
