import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { MessagePage } from "../components/MessagePage";

/**
 * What a signed-in login sees until staff link it to a customer or
 * fulfillment: a registration is a request, checked by the carrier's staff
 * before the login reaches any shipping data.
 */
export function AccessPendingPage() {
  const { t } = useLingui();
  return (
    <MessagePage
      title={t`Your access is being set up`}
      actions={
        <Button asChild variant="soft">
          <Link to="/account/settings">
            <Trans>Your account</Trans>
          </Link>
        </Button>
      }
    >
      <Text as="p" size="4" color="gray" role="status">
        <Trans>
          Your login is active, but it is not yet linked to a customer. Our staff check your registration and then link
          your login to your company. Until then you can only change your account settings.
        </Trans>
      </Text>
    </MessagePage>
  );
}
