import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  CheckCircledIcon,
  CrossCircledIcon,
  PlusIcon,
  StarFilledIcon,
  StarIcon,
  TrashIcon,
} from "@radix-ui/react-icons";
import { Badge, Button, Card, Flex, Grid, Heading, IconButton, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import {
  type CredentialCheck,
  type TenantInit,
  useCheckTenantCredentials,
  useSaveTenant,
  useTenant,
} from "../../api/organisation";
import { isSuperAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { FormFooter } from "../../components/form/FormFooter";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { Tenant } from "../../gen/portal/v1/tenants_pb";
import { ForbiddenPage } from "../../pages/ForbiddenPage";
import { PageLoading } from "../../pages/PageLoading";
import {
  addHub,
  canDeleteHub,
  deleteHub,
  emptyHub,
  type HubForm,
  hubErrors,
  hubFromApi,
  isEmail,
  setDefaultHub,
} from "./hubs";

/** /tenant/new (super admin only) and /tenant/{id}/edit. */
export function TenantEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useTenant(id);
  const session = useSession();
  const editing = id !== null;
  if (!editing && !(session && isSuperAdmin(session))) return <ForbiddenPage />;
  return (
    <FormPage title={editing ? t`Edit the tenant` : t`Create a new tenant`} size="3">
      {!editing ? (
        <TenantFormView current={null} />
      ) : existing.data ? (
        <TenantFormView current={existing.data} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

type TenantForm = {
  subsidiary: string;
  name: string;
  serviceEmail: string;
  manifestSuccessEmail: string;
  manifestFailureEmail: string;
  selfRegistrationEmails: string;
  marketingEmails: string;
  street: string;
  additionalAddress: string;
  zipCode: string;
  city: string;
  countryCode: string;
  a1Username: string;
  a1Password: string;
  a1ApiKey: string;
  grpApiUsername: string;
  grpApiPassword: string;
};

const emailFields = ["serviceEmail", "manifestSuccessEmail", "manifestFailureEmail"] as const;
const listFields = ["selfRegistrationEmails", "marketingEmails"] as const;

function splitList(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function formOf(current: Tenant | null): TenantForm {
  return {
    subsidiary: current?.subsidiary ?? "",
    name: current?.name ?? "",
    serviceEmail: current?.serviceEmail ?? "",
    manifestSuccessEmail: current?.manifestSuccessEmail ?? "",
    manifestFailureEmail: current?.manifestFailureEmail ?? "",
    selfRegistrationEmails: (current?.selfRegistrationEmails ?? []).join(", "),
    marketingEmails: (current?.marketingEmails ?? []).join(", "),
    street: current?.address?.street ?? "",
    additionalAddress: current?.address?.additionalAddress ?? "",
    zipCode: current?.address?.zipCode ?? "",
    city: current?.address?.city ?? "",
    countryCode: current?.address?.countryCode ?? "",
    a1Username: current?.a1Username ?? "",
    a1Password: "",
    a1ApiKey: "",
    grpApiUsername: current?.grpApiUsername ?? "",
    grpApiPassword: "",
  };
}

/** The client's own check of spec 3 §5, by the field names the server uses. */
function validate(form: TenantForm, hubs: HubForm[]): Record<string, MessageDescriptor> {
  const errors: Record<string, MessageDescriptor> = {};
  if (!form.subsidiary.trim()) errors.subsidiary = violationMessage({ rule: "required" });
  if (!form.name.trim()) errors.name = violationMessage({ rule: "required" });
  for (const field of emailFields)
    if (form[field].trim() && !isEmail(form[field])) errors[field] = violationMessage({ rule: "email" });
  for (const field of listFields)
    if (splitList(form[field]).some((email) => !isEmail(email))) errors[field] = violationMessage({ rule: "email" });
  hubs.forEach((hub, index) => {
    for (const [field, rule] of Object.entries(hubErrors(hub)))
      errors[`hubs[${index}].${field}`] = violationMessage({ rule: rule as "required" | "email" });
  });
  return errors;
}

const hubFieldNames = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    ["name", "emailAddress", "street", "zipCode", "city", "countryCode"].map((field) => `hubs[${i}].${field}`),
  ).flat();

/**
 * The tenant form (spec 3 §2–§5): contact e-mails, address, the a1 and grp
 * logins with their credential checks, and the hubs (add, delete by index
 * while two remain, set the default). Stored passwords and keys are never
 * shown; left empty they stay as they are.
 */
function TenantFormView({ current }: { current: Tenant | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const save = useSaveTenant();
  const [form, setForm] = useState<TenantForm>(() => formOf(current));
  const [hubs, setHubs] = useState<HubForm[]>(() =>
    current && current.hubs.length > 0 ? current.hubs.map(hubFromApi) : [{ ...emptyHub(), isDefault: true }],
  );
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set = (field: keyof TenantForm) => (value: string) => setForm((previous) => ({ ...previous, [field]: value }));
  const setHub = (index: number, field: keyof HubForm) => (value: string) =>
    setHubs((previous) => previous.map((hub, i) => (i === index ? { ...hub, [field]: value } : hub)));
  const clientErrors = submitted ? validate(form, hubs) : {};
  const errorOf = (field: string) => clientErrors[field] ?? failure.fields[field] ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (Object.keys(validate(form, hubs)).length > 0) return;
    const tenant: TenantInit = {
      id: current?.id,
      subsidiary: form.subsidiary.trim(),
      name: form.name.trim(),
      serviceEmail: form.serviceEmail.trim(),
      manifestSuccessEmail: form.manifestSuccessEmail.trim(),
      manifestFailureEmail: form.manifestFailureEmail.trim(),
      selfRegistrationEmails: splitList(form.selfRegistrationEmails),
      marketingEmails: splitList(form.marketingEmails),
      address: {
        street: form.street,
        additionalAddress: form.additionalAddress,
        zipCode: form.zipCode,
        city: form.city,
        countryCode: form.countryCode.trim().toUpperCase(),
      },
      a1Username: form.a1Username,
      a1Password: form.a1Password,
      a1ApiKey: form.a1ApiKey,
      grpApiUsername: form.grpApiUsername,
      grpApiPassword: form.grpApiPassword,
      hubs: hubs.map((hub) => ({ ...hub, countryCode: hub.countryCode.trim().toUpperCase() || "DE" })),
    };
    save.mutate(tenant, {
      onSuccess: () => void navigate("/tenant"),
      onError: (error) =>
        setFailure(
          describeFormFailure(error, [
            "subsidiary",
            "name",
            ...emailFields,
            ...listFields,
            "address.countryCode",
            ...hubFieldNames(hubs.length),
          ]),
        ),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="5">
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <TextInputField
            label={t`Subsidiary`}
            value={form.subsidiary}
            onValueChange={set("subsidiary")}
            error={errorOf("subsidiary")}
          />
          <TextInputField label={t`Name`} value={form.name} onValueChange={set("name")} error={errorOf("name")} />
          <TextInputField
            type="email"
            label={t`Service e-mail`}
            value={form.serviceEmail}
            onValueChange={set("serviceEmail")}
            error={errorOf("serviceEmail")}
          />
          <TextInputField
            type="email"
            label={t`Manifest success e-mail`}
            value={form.manifestSuccessEmail}
            onValueChange={set("manifestSuccessEmail")}
            error={errorOf("manifestSuccessEmail")}
          />
          <TextInputField
            type="email"
            label={t`Manifest failure e-mail`}
            value={form.manifestFailureEmail}
            onValueChange={set("manifestFailureEmail")}
            error={errorOf("manifestFailureEmail")}
          />
          <TextInputField
            label={t`Self-registration e-mails`}
            hint={t`Separate several addresses with commas.`}
            value={form.selfRegistrationEmails}
            onValueChange={set("selfRegistrationEmails")}
            error={errorOf("selfRegistrationEmails")}
          />
          <TextInputField
            label={t`Marketing e-mails`}
            hint={t`Separate several addresses with commas.`}
            value={form.marketingEmails}
            onValueChange={set("marketingEmails")}
            error={errorOf("marketingEmails")}
          />
        </Grid>
        <Heading as="h2" size="4">
          <Trans>Address</Trans>
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <TextInputField label={t`Street`} value={form.street} onValueChange={set("street")} />
          <TextInputField
            label={t`Additional address`}
            value={form.additionalAddress}
            onValueChange={set("additionalAddress")}
          />
          <TextInputField label={t`Zip code`} value={form.zipCode} onValueChange={set("zipCode")} />
          <TextInputField label={t`City`} value={form.city} onValueChange={set("city")} />
          <TextInputField
            label={t`Country code`}
            value={form.countryCode}
            onValueChange={set("countryCode")}
            error={errorOf("address.countryCode")}
            maxLength={2}
          />
        </Grid>
        <CredentialsCard
          type="a1"
          title={t`a1 API`}
          tenantId={current?.id ?? 0n}
          username={form.a1Username}
          password={form.a1Password}
          apiKey={form.a1ApiKey}
          passwordSet={current?.a1PasswordSet ?? false}
          apiKeySet={current?.a1ApiKeySet ?? false}
          onUsername={set("a1Username")}
          onPassword={set("a1Password")}
          onApiKey={set("a1ApiKey")}
        />
        <CredentialsCard
          type="grp"
          title={t`grp API`}
          tenantId={current?.id ?? 0n}
          username={form.grpApiUsername}
          password={form.grpApiPassword}
          apiKey=""
          passwordSet={current?.grpApiPasswordSet ?? false}
          apiKeySet={false}
          onUsername={set("grpApiUsername")}
          onPassword={set("grpApiPassword")}
        />
        <Flex justify="between" align="center">
          <Heading as="h2" size="4">
            <Trans>Hubs</Trans>
          </Heading>
          <Button type="button" variant="soft" onClick={() => setHubs(addHub)}>
            <PlusIcon />
            <Trans>Add hub</Trans>
          </Button>
        </Flex>
        {hubs.map((hub, index) => (
          <Card key={index} data-testid="hub-form" data-default={hub.isDefault ? "true" : "false"}>
            <Flex direction="column" gap="3">
              <Flex justify="between" align="center">
                <Flex gap="2" align="center">
                  <Text weight="bold">
                    <Trans>Hub {index + 1}</Trans>
                  </Text>
                  {hub.isDefault && (
                    <Badge color="green">
                      <Trans>Default</Trans>
                    </Badge>
                  )}
                </Flex>
                <Flex gap="2">
                  <Button
                    type="button"
                    variant="soft"
                    color={hub.isDefault ? "green" : "gray"}
                    disabled={hub.isDefault}
                    onClick={() => setHubs((previous) => setDefaultHub(previous, index))}
                  >
                    {hub.isDefault ? <StarFilledIcon /> : <StarIcon />}
                    <Trans>Set as default</Trans>
                  </Button>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="red"
                    aria-label={t`Delete hub ${index + 1}`}
                    disabled={!canDeleteHub(hubs)}
                    onClick={() => setHubs((previous) => deleteHub(previous, index))}
                  >
                    <TrashIcon />
                  </IconButton>
                </Flex>
              </Flex>
              <Grid columns={{ initial: "1", sm: "2" }} gap="3">
                <TextInputField
                  label={t`Hub name`}
                  value={hub.name}
                  onValueChange={setHub(index, "name")}
                  error={errorOf(`hubs[${index}].name`)}
                />
                <TextInputField
                  type="email"
                  label={t`Hub e-mail`}
                  value={hub.emailAddress}
                  onValueChange={setHub(index, "emailAddress")}
                  error={errorOf(`hubs[${index}].emailAddress`)}
                />
                <TextInputField
                  label={t`Hub street`}
                  value={hub.street}
                  onValueChange={setHub(index, "street")}
                  error={errorOf(`hubs[${index}].street`)}
                />
                <TextInputField
                  label={t`Hub additional address`}
                  value={hub.additionalAddress}
                  onValueChange={setHub(index, "additionalAddress")}
                />
                <TextInputField
                  label={t`Hub zip code`}
                  value={hub.zipCode}
                  onValueChange={setHub(index, "zipCode")}
                  error={errorOf(`hubs[${index}].zipCode`)}
                />
                <TextInputField
                  label={t`Hub city`}
                  value={hub.city}
                  onValueChange={setHub(index, "city")}
                  error={errorOf(`hubs[${index}].city`)}
                />
                <TextInputField
                  label={t`Hub country code`}
                  value={hub.countryCode}
                  onValueChange={setHub(index, "countryCode")}
                  error={errorOf(`hubs[${index}].countryCode`)}
                  maxLength={2}
                />
              </Grid>
            </Flex>
          </Card>
        ))}
        <FormFooter messages={failure.messages} cancelTo="/tenant" saving={save.isPending} />
      </Flex>
    </form>
  );
}

type CredentialsCardProps = {
  type: CredentialCheck["type"];
  title: string;
  tenantId: bigint;
  username: string;
  password: string;
  apiKey: string;
  passwordSet: boolean;
  apiKeySet: boolean;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  onApiKey?: (value: string) => void;
};

const storedHint: MessageDescriptor = msg`Stored. Leave empty to keep it.`;

/** One carrier login with its check button: a green check or a red cross (spec 3 §8). */
function CredentialsCard(props: CredentialsCardProps) {
  const { t, i18n } = useLingui();
  const check = useCheckTenantCredentials();
  const [result, setResult] = useState<boolean | null>(null);
  const run = () => {
    setResult(null);
    check.mutate(
      {
        type: props.type,
        username: props.username,
        password: props.password,
        apiKey: props.apiKey,
        tenantId: props.tenantId,
      },
      { onSuccess: setResult, onError: () => setResult(false) },
    );
  };
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h3" size="3">
          {props.title}
        </Heading>
        <Grid columns={{ initial: "1", sm: props.onApiKey ? "3" : "2" }} gap="3">
          <TextInputField
            label={t`${props.title} username`}
            value={props.username}
            onValueChange={props.onUsername}
            autoComplete="off"
          />
          <TextInputField
            type="password"
            label={t`${props.title} password`}
            value={props.password}
            onValueChange={props.onPassword}
            autoComplete="new-password"
            hint={props.passwordSet ? i18n._(storedHint) : undefined}
          />
          {props.onApiKey && (
            <TextInputField
              type="password"
              label={t`${props.title} key`}
              value={props.apiKey}
              onValueChange={props.onApiKey}
              autoComplete="off"
              hint={props.apiKeySet ? i18n._(storedHint) : undefined}
            />
          )}
        </Grid>
        <Flex gap="3" align="center">
          <Button type="button" variant="soft" loading={check.isPending} onClick={run}>
            <Trans>Check {props.title} credentials</Trans>
          </Button>
          {result === true && (
            <CheckCircledIcon
              color="var(--green-9)"
              width={22}
              height={22}
              role="img"
              aria-label={t`Credentials accepted`}
            />
          )}
          {result === false && (
            <CrossCircledIcon
              color="var(--red-9)"
              width={22}
              height={22}
              role="img"
              aria-label={t`Credentials refused`}
            />
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
