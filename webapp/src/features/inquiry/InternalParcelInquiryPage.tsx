import { Trans, useLingui } from "@lingui/react/macro";
import { Callout, Spinner } from "@radix-ui/themes";
import { useParams } from "react-router";
import { useInquiryParcel } from "../../api/tracking";
import { FormPage } from "../../components/FormPage";
import { pageTitles } from "../../navigation/pageTitles";
import { InquiryFormView } from "./InquiryFormView";
import { prefill } from "./inquiryForm";

/**
 * /internal-parcel-inquiry/{trackingId}/{fulltrackId} (spec 3 §2, §7): the
 * tracking grid's inquiry, prefilled from the parcel's tracking details (its
 * product as the server names it for an inquiry) and
 * sent to the caller's own tenant, without a captcha.
 */
export function InternalParcelInquiryPage() {
  const { i18n } = useLingui();
  const { trackingId = "" } = useParams();
  const parcel = useInquiryParcel(trackingId);
  return (
    <FormPage title={i18n._(pageTitles.internalParcelInquiry)} size="3">
      {parcel.isPending ? (
        <Spinner />
      ) : parcel.data ? (
        <InquiryFormView
          initial={prefill(parcel.data.detail, parcel.data.product, i18n.locale)}
          tenantId={0n}
          anonymous={false}
        />
      ) : (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <Trans>The parcel was not found.</Trans>
          </Callout.Text>
        </Callout.Root>
      )}
    </FormPage>
  );
}
