import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@radix-ui/themes";
import { MessagePage } from "../components/MessagePage";

/** Every path no route claims ends here (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <MessagePage title={t`Page not found`}>
      <Text as="p" size="4" color="gray">
        <Trans>The page does not exist.</Trans>
      </Text>
    </MessagePage>
  );
}
