import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useTenant } from "../../api/organisation";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";
import { HubAddress } from "./HubAddress";

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="180px">{label}</DataList.Label>
      <DataList.Value>{children || "–"}</DataList.Value>
    </DataList.Item>
  );
}

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
        <Flex direction="column" gap="5">
          <DataList.Root>
            <Item label={<Trans>Subsidiary</Trans>}>{tenant.subsidiary}</Item>
            <Item label={<Trans>Name</Trans>}>{tenant.name}</Item>
            <Item label={<Trans>Service e-mail</Trans>}>{tenant.serviceEmail}</Item>
            <Item label={<Trans>Manifest success e-mail</Trans>}>{tenant.manifestSuccessEmail}</Item>
            <Item label={<Trans>Manifest failure e-mail</Trans>}>{tenant.manifestFailureEmail}</Item>
            <Item label={<Trans>Self-registration e-mails</Trans>}>{tenant.selfRegistrationEmails.join(", ")}</Item>
            <Item label={<Trans>Marketing e-mails</Trans>}>{tenant.marketingEmails.join(", ")}</Item>
            <Item label={<Trans>Address</Trans>}>
              {[
                tenant.address?.street,
                tenant.address?.additionalAddress,
                `${tenant.address?.zipCode ?? ""} ${tenant.address?.city ?? ""}`.trim(),
                tenant.address?.countryCode,
              ]
                .filter(Boolean)
                .join(", ")}
            </Item>
            <Item label={<Trans>a1 username</Trans>}>{tenant.a1Username}</Item>
            <Item label={<Trans>a1 password</Trans>}>{set(tenant.a1PasswordSet)}</Item>
            <Item label={<Trans>a1 API key</Trans>}>{set(tenant.a1ApiKeySet)}</Item>
            <Item label={<Trans>grp username</Trans>}>{tenant.grpApiUsername}</Item>
            <Item label={<Trans>grp password</Trans>}>{set(tenant.grpApiPasswordSet)}</Item>
          </DataList.Root>
          <Heading as="h2" size="4">
            <Trans>Hubs</Trans>
          </Heading>
          <Flex direction="column" gap="2">
            {tenant.hubs.map((hub) => (
              <HubAddress key={String(hub.id)} hub={hub} />
            ))}
          </Flex>
          <Flex gap="3">
            <Button asChild variant="soft" color="gray">
              <Link to="/tenant">
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/tenant/${tenant.id}/edit`}>
                <Pencil1Icon />
                <Trans>Edit</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
      )}
    </FormPage>
  );
}
