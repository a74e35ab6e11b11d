import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Heading } from "@radix-ui/themes";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useTenant } from "../../api/organisation";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { addressLine } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { HubAddress } from "./HubAddress";

/** /tenant/{id}: one tenant; passwords and keys are never shown, only whether they are set. */
export function TenantDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: tenant } = useTenant(id);
  const set = (value: boolean) => (value ? t`Set` : t`Not set`);
  return (
    <FormPage title={t`Tenant`} size="3">
      {!tenant ? (
        <PageLoading />
      ) : (
        <DetailView backTo="/tenant" editTo={`/tenant/${tenant.id}/edit`}>
          <Facts>
            <Fact label={<Trans>Subsidiary</Trans>}>{tenant.subsidiary}</Fact>
            <Fact label={<Trans>Name</Trans>}>{tenant.name}</Fact>
            <Fact label={<Trans>Service e-mail</Trans>}>{tenant.serviceEmail}</Fact>
            <Fact label={<Trans>Manifest success e-mail</Trans>}>{tenant.manifestSuccessEmail}</Fact>
            <Fact label={<Trans>Manifest failure e-mail</Trans>}>{tenant.manifestFailureEmail}</Fact>
            <Fact label={<Trans>Self-registration e-mails</Trans>}>{tenant.selfRegistrationEmails.join(", ")}</Fact>
            <Fact label={<Trans>Marketing e-mails</Trans>}>{tenant.marketingEmails.join(", ")}</Fact>
            <Fact label={<Trans>Address</Trans>}>{addressLine(tenant.address)}</Fact>
            <Fact label={<Trans>a1 username</Trans>}>{tenant.a1Username}</Fact>
            <Fact label={<Trans>a1 password</Trans>}>{set(tenant.a1PasswordSet)}</Fact>
            <Fact label={<Trans>a1 API key</Trans>}>{set(tenant.a1ApiKeySet)}</Fact>
            <Fact label={<Trans>grp username</Trans>}>{tenant.grpApiUsername}</Fact>
            <Fact label={<Trans>grp password</Trans>}>{set(tenant.grpApiPasswordSet)}</Fact>
          </Facts>
          <Heading as="h2" size="4">
            <Trans>Hubs</Trans>
          </Heading>
          <Flex direction="column" gap="2">
            {tenant.hubs.map((hub) => (
              <HubAddress key={String(hub.id)} hub={hub} />
            ))}
          </Flex>
        </DetailView>
      )}
    </FormPage>
  );
}
