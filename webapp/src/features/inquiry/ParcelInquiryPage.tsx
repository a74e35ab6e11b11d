import { Trans, useLingui } from "@lingui/react/macro";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { useParams } from "react-router";
import { useInquiryTenant } from "../../api/inquiries";
import { FormPage } from "../../components/FormPage";
import { pageTitles } from "../../navigation/pageTitles";
import { InquiryFormView } from "./InquiryFormView";
import { emptyInquiry } from "./inquiryForm";

/**
 * The tenant id of the path; 0 (the portal's tenant, which the server
 * names) for /parcel-inquiry without one; null when the path's id is none.
 */
function tenantIdOf(text: string | undefined): bigint | null {
  if (text === undefined) return 0n;
  return /^[1-9][0-9]{0,17}$/.test(text) ? BigInt(text) : null;
}

/**
 * /parcel-inquiry/{tenantId} (spec 3 §2): the public form, with the captcha,
 * under the name and address of the tenant it goes to; an unknown tenant
 * says so and shows no form. /parcel-inquiry, which the footer links to,
 * goes to the portal's tenant (the caller's own when signed in).
 */
export function ParcelInquiryPage() {
  const { i18n } = useLingui();
  const tenantId = tenantIdOf(useParams().tenantId);
  const tenant = useInquiryTenant(tenantId);
  return (
    <FormPage title={i18n._(pageTitles.parcelInquiry)} size="3">
      {tenantId === null || tenant.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <Trans>This inquiry address is not known.</Trans>
          </Callout.Text>
        </Callout.Root>
      ) : tenant.data ? (
        <Flex direction="column" gap="4">
          <Text as="p" size="2" data-testid="inquiry-tenant">
            <strong>{tenant.data.name}</strong>
            {tenant.data.address ? `, ${tenant.data.address}` : ""}
          </Text>
          <InquiryFormView initial={emptyInquiry} tenantId={tenant.data.id} anonymous />
        </Flex>
      ) : null}
    </FormPage>
  );
}
