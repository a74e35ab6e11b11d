import { Trans, useLingui } from "@lingui/react/macro";
import { Callout } from "@radix-ui/themes";
import { useSearchParams } from "react-router";
import { useConfirmNewsletter } from "../../api/inquiries";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { FormPage } from "../../components/FormPage";
import { MessageBody } from "../../components/MessagePage";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../navigation/pageTitles";

/**
 * /newsletter/confirm?token=… : the link of the newsletter's confirmation
 * mail. Anybody may open it (the token is the proof of the address); it
 * confirms the subscription and says how it went.
 */
export function NewsletterConfirmPage() {
  const { i18n } = useLingui();
  const [search] = useSearchParams();
  const token = (search.get("token") ?? "").trim();
  const confirmation = useConfirmNewsletter(token);
  const failed = token === "" || confirmation.isError;
  return (
    <FormPage title={i18n._(pageTitles.newsletterConfirm)}>
      {failed ? (
        <MessageBody>
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              <Trans>This link is not valid or has expired. Please subscribe again to get a new one.</Trans>
            </Callout.Text>
          </Callout.Root>
        </MessageBody>
      ) : confirmation.isSuccess ? (
        <MessageBody>
          <SuccessMessage>
            <Trans>Thank you: your address is subscribed to the newsletter.</Trans>
          </SuccessMessage>
        </MessageBody>
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
