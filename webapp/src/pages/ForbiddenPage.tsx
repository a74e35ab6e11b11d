import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@radix-ui/themes";
import { MessagePage } from "../components/MessagePage";

/** A signed-in user without a role the page needs sees this (spec 1 §2, 'insufficient authority'). */
export function ForbiddenPage() {
  const { t } = useLingui();
  return (
    <MessagePage title={t`Access denied`}>
      <Text as="p" size="4" color="gray" role="alert">
        <Trans>You are not authorized to access this page.</Trans>
      </Text>
    </MessagePage>
  );
}
