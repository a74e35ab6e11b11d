import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Box, Button, Callout, Checkbox, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState } from "react";
import { openGtcDocument, useGtcPages, useSetConsent } from "../../api/customers";
import { showNotices } from "../../errors/notices";
import { PageLoading } from "../../pages/PageLoading";

/** The reader must come this close to the end before the accept box unlocks (spec 3 §9). */
export const scrollThresholdPx = 200;

/** Whether a scroll box shows its end, give or take the threshold. */
export function nearEnd(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= scrollThresholdPx;
}

/**
 * The terms (GTC) dialog of spec 3 §2 and §4. The six pages of the country's
 * terms are shown as text in a scrollable reader rather than the PDF itself:
 * the browser's PDF viewer in an iframe or object does not tell the page how
 * far it was scrolled, so the 200 px rule could not be enforced. The same
 * text is the PDF, which the download button opens.
 */
export function GtcDialog({
  customerId,
  country,
  onClose,
}: {
  customerId: bigint;
  /** The country from the CRM id prefix; empty when it has no terms. */
  country: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const pages = useGtcPages(country || null);
  const accept = useSetConsent();
  const reader = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const [ticked, setTicked] = useState(false);
  const check = useCallback(() => {
    if (reader.current && nearEnd(reader.current)) setReadToEnd(true);
  }, []);
  // Short terms on a tall screen need no scrolling at all.
  useEffect(check, [check, pages.data]);
  const supported = country !== "";
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>
          <Trans>General terms and conditions</Trans>
        </Dialog.Title>
        <Dialog.Description size="2" color="gray">
          <Trans>Read the terms to the end to accept them.</Trans>
        </Dialog.Description>
        {!supported ? (
          <Callout.Root color="amber" role="alert" mt="3">
            <Callout.Text>
              <Trans>This destination country is not supported yet.</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : !pages.data ? (
          <PageLoading />
        ) : (
          <Flex direction="column" gap="3" mt="3">
            <Flex justify="between" align="center" gap="2" wrap="wrap">
              <Heading as="h3" size="3" lang={pages.data.language}>
                {pages.data.title}
              </Heading>
              <Button
                variant="soft"
                onClick={() =>
                  void openGtcDocument(country).catch(() =>
                    showNotices([{ text: msg`The terms could not be opened.` }]),
                  )
                }
              >
                <DownloadIcon />
                <Trans>Open the PDF</Trans>
              </Button>
            </Flex>
            <Box
              ref={reader}
              onScroll={check}
              data-testid="gtc-reader"
              lang={pages.data.language}
              tabIndex={0}
              aria-label={t`Terms text`}
              style={{
                maxHeight: "50vh",
                overflowY: "auto",
                border: "1px solid var(--gray-a6)",
                borderRadius: "var(--radius-3)",
                padding: "var(--space-4)",
              }}
            >
              {pages.data.pages.map((page, index) => (
                <section key={index} style={{ marginBottom: "var(--space-6)" }}>
                  <Heading as="h4" size="2" mb="2">
                    {page.heading}
                  </Heading>
                  {page.paragraphs.map((paragraph, p) => (
                    <Text as="p" size="2" mb="2" key={p}>
                      {paragraph}
                    </Text>
                  ))}
                  <Text size="1" color="gray">
                    {index + 1} / {pages.data.pages.length}
                  </Text>
                </section>
              ))}
            </Box>
          </Flex>
        )}
        <Flex direction="column" gap="3" mt="4">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={ticked}
                disabled={!supported || !readToEnd}
                onCheckedChange={(on) => setTicked(on === true)}
              />
              <Trans>I have read and accept the general terms and conditions.</Trans>
            </Flex>
          </Text>
          <Flex gap="3" justify="end">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                <Trans>Cancel</Trans>
              </Button>
            </Dialog.Close>
            <Button
              disabled={!ticked || !supported}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate({ id: customerId, kind: "gtc", accepted: true }, { onSettled: () => onClose() })
              }
            >
              <Trans>Accept</Trans>
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
