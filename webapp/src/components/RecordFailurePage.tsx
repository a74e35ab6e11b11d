import { Code, ConnectError } from "@connectrpc/connect";
import { Trans, useLingui } from "@lingui/react/macro";
import { ReloadIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { isNotFound } from "../errors/reportFailure";
import { PageLoading } from "../pages/PageLoading";
import { usePageTitle } from "../navigation/usePageTitle";
import { BackButton } from "./DetailView";
import { MessagePage } from "./MessagePage";

/**
 * A record's page while its record is on its way, titled by the kind of
 * record. The page that shows the record names the tab after it, and the
 * failure page after the failure: a title set by the page around both would
 * win over theirs (a parent's effect runs after its child's).
 */
export function RecordLoading({ title }: { title: string }) {
  usePageTitle(title);
  return <PageLoading />;
}

/** What an address that names no record at all (/batch/abc) amounts to. */
export const notFound = new ConnectError("no such record", Code.NotFound);

type RecordFailurePageProps = {
  /** Why the record could not be read. */
  error: unknown;
  /** The heading when it is not there, such as 'Batch not found'. */
  notFoundTitle: string;
  /** What that means for the user, in a sentence. */
  notFoundText: ReactNode;
  /** The list the record belongs to. */
  backTo: string;
  /** Reads the record again, after any other failure. */
  onRetry: () => void;
};

/**
 * A record's page whose record could not be read. Not there (the server
 * answers another customer's record the same way): a not-found page in the
 * shell's style, the only word about it. Any other failure was told in a
 * toast; the page offers to try again.
 */
export function RecordFailurePage({ error, notFoundTitle, notFoundText, backTo, onRetry }: RecordFailurePageProps) {
  const { t } = useLingui();
  if (isNotFound(error)) {
    return (
      <MessagePage title={notFoundTitle} actions={<BackButton to={backTo} />}>
        <Text as="p" size="4" color="gray">
          {notFoundText}
        </Text>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title={t`The page could not be loaded`}
      actions={
        <Flex gap="3">
          <BackButton to={backTo} />
          <Button variant="soft" onClick={onRetry}>
            <ReloadIcon />
            <Trans>Try again</Trans>
          </Button>
        </Flex>
      }
    >
      <Text as="p" size="4" color="gray">
        <Trans>Something went wrong while reading it. Please try again in a moment.</Trans>
      </Text>
    </MessagePage>
  );
}
