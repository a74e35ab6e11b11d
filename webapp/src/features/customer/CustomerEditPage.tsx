import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, CrossCircledIcon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Button,
  Checkbox,
  Flex,
  Grid,
  Heading,
  IconButton,
  Select,
  Separator,
  Tabs,
  Text,
  TextArea,
  TextField,
} from "@radix-ui/themes";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate, useParams } from "react-router";
import {
  type CredentialCheck,
  useCheckCredentials,
  useCreateCustomer,
  useCustomer,
  useSetConsent,
  useUpdateCustomer,
} from "../../api/customers";
import { useAcsses } from "../../api/acss";
import { parseId } from "../../api/ids";
import { useCustomerChoices, useTenantPage } from "../../api/organisation";
import { isAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { Customer } from "../../gen/portal/v1/customers_pb";
import { PageLoading } from "../../pages/PageLoading";
import { CiPricingDialog } from "./CiPricingDialog";
import { type CredentialField, type CustomerForm, customerOf, formOf } from "./customerForm";
import { GtcDialog } from "./GtcDialog";
import { ScheduleEditor } from "../../shipping/ScheduleEditor";
import { canSave } from "../../shipping/autoManifest";
import { CarriersCsvButton } from "./CarriersCsvButton";
import { ApiClient, apiClientKey, apiClientName } from "../../shipping/apiClients";
import { LabelType, labelTypeKey, labelTypeName } from "../../shipping/labelTypes";
import { ManifestType, manifestTypeName } from "../../shipping/manifestTypes";
import { FulltrackVersion as FulltrackVersion } from "../../gen/portal/v1/vocabulary_pb";
import { enumNameOf, enumValueOf, enumValues } from "../../api/enums";

/** /customer/new and /customer/{id}/edit. */
export function CustomerEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useCustomer(id);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the customer` : t`Create a new customer`} size="3">
      {!editing ? (
        <CustomerFormView current={null} />
      ) : existing.data ? (
        <CustomerFormView key={String(existing.data.id)} current={existing.data} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

const serverFields = [
  "name",
  "crmid",
  "apiUsername",
  "cognitoClientSecret",
  "language",
  "labelType",
  "apiClient",
  "fulltrackVersion",
];

/**
 * The customer form (spec 3 §2): General for everyone acting for the
 * customer; Configuration and Credentials for admins only. Credentials come
 * masked; a masked value sent back keeps the stored secret.
 */
function CustomerFormView({ current }: { current: Customer | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const session = useSession();
  const admin = session !== null && isAdmin(session);
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [form, setForm] = useState<CustomerForm>(() => formOf(current));
  const [tab, setTab] = useState("general");
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set =
    <K extends keyof CustomerForm>(field: K) =>
    (value: CustomerForm[K]) =>
      setForm((previous) => ({ ...previous, [field]: value }));
  const error = (field: string) => failure.fields[field] ?? null;

  // The customer's rules are core/customer's (spec 3 §5): the server answers which fields break them, and the form
  // opens the tab of the first one.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (!canSave(form.schedule)) {
      setTab("general");
      return;
    }
    (current ? update : create).mutate(customerOf(form, current?.id), {
      onSuccess: () => void navigate("/customer"),
      onError: (failed) => {
        const described = describeFormFailure(failed, serverFields);
        setFailure(described);
        if (described.fields.crmid) setTab("configuration");
        else if (described.fields.apiUsername || described.fields.cognitoClientSecret) setTab("credentials");
        else if (Object.keys(described.fields).length > 0) setTab("general");
      },
    });
  };

  const text = (field: keyof CustomerForm, label: string, props: { disabled?: boolean } = {}) => (
    <TextInputField
      label={label}
      value={form[field] as string}
      onValueChange={(value) => set(field)(value as never)}
      error={error(field)}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="general">
            <Trans>General</Trans>
          </Tabs.Trigger>
          {admin && (
            <Tabs.Trigger value="configuration">
              <Trans>Configuration</Trans>
            </Tabs.Trigger>
          )}
          {admin && (
            <Tabs.Trigger value="credentials">
              <Trans>Credentials</Trans>
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="general" forceMount hidden={tab !== "general"}>
          <Flex direction="column" gap="4" pt="4">
            {text("name", t`Name`)}
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              {text("street", t`Street`)}
              {text("additionalAddress", t`Additional address`)}
              {text("zipCode", t`Zip code`)}
              {text("city", t`City`)}
              {text("region", t`Region`)}
              {text("countryCode", t`Country code`)}
              {text("phone", t`Phone`)}
              {text("senderTaxId", t`Sender tax ID (GB)`)}
              {text("taxNumber", t`Tax number (BR)`)}
            </Grid>
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <Field label={t`Language`} error={failure.fields.language ?? null}>
                {(control) => (
                  <Select.Root value={form.language} onValueChange={set("language")}>
                    <Select.Trigger {...control} />
                    <Select.Content>
                      <Select.Item value="de">Deutsch</Select.Item>
                      <Select.Item value="en">English</Select.Item>
                      <Select.Item value="es">Español</Select.Item>
                      <Select.Item value="it">Italiano</Select.Item>
                      <Select.Item value="nl">Nederlands</Select.Item>
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
              <Field label={t`Label type`} error={failure.fields.labelType ?? null}>
                {(control) => (
                  <Select.Root value={form.labelType} onValueChange={set("labelType")}>
                    <Select.Trigger {...control} />
                    <Select.Content>
                      {[LabelType.PDF, LabelType.Zebra].map((type) => (
                        <Select.Item key={type} value={labelTypeKey(type)}>
                          {labelTypeName(i18n, type)}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
            </Grid>
            <Separator size="4" />
            <Heading as="h2" size="3">
              <Trans>Automatic manifests</Trans>
            </Heading>
            <ScheduleEditor schedule={form.schedule} onChange={set("schedule")} showProblems={submitted} />
            {current && (
              <>
                <Separator size="4" />
                <Consents customer={current} admin={admin} />
              </>
            )}
          </Flex>
        </Tabs.Content>
        {admin && (
          <Tabs.Content value="configuration" forceMount hidden={tab !== "configuration"}>
            <Configuration form={form} set={set} text={text} current={current} />
          </Tabs.Content>
        )}
        {admin && (
          <Tabs.Content value="credentials" forceMount hidden={tab !== "credentials"}>
            <Credentials form={form} set={set} text={text} error={error} customerId={current?.id ?? 0n} />
          </Tabs.Content>
        )}
      </Tabs.Root>
      <Flex direction="column" gap="3" mt="4">
        <FormFooter
          messages={failure.messages}
          cancelTo={current ? `/customer/${current.id}` : "/customer"}
          saving={create.isPending || update.isPending}
        />
      </Flex>
    </form>
  );
}

type Setter = <K extends keyof CustomerForm>(field: K) => (value: CustomerForm[K]) => void;
type TextMaker = (field: keyof CustomerForm, label: string, props?: { disabled?: boolean }) => ReactNode;

function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox checked={checked} onCheckedChange={(on) => onChange(on === true)} />
        {label}
      </Flex>
    </Text>
  );
}

/** A column of Rows: a text input, or a select of `choices` (with "none" for ""). */
type RowColumn<Row> = { key: keyof Row & string; label: string; choices?: { value: string; label: string }[] };

/** Rows of small inputs with add and remove buttons. */
function Rows<Row extends Record<string, string>>({
  title,
  rows,
  columns,
  empty,
  onChange,
}: {
  title: string;
  rows: Row[];
  columns: RowColumn<Row>[];
  empty: Row;
  onChange: (rows: Row[]) => void;
}) {
  const { t } = useLingui();
  const change = (index: number, key: string, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  return (
    <Flex direction="column" gap="2" role="group" aria-label={title}>
      <Flex justify="between" align="center">
        <Text size="2" weight="medium">
          {title}
        </Text>
        <Button type="button" size="1" variant="soft" onClick={() => onChange([...rows, { ...empty }])}>
          <PlusIcon />
          <Trans>Add</Trans>
        </Button>
      </Flex>
      {rows.map((row, index) => (
        <Flex key={index} gap="2" align="center">
          {columns.map((column) =>
            column.choices ? (
              <Select.Root
                key={column.key}
                value={row[column.key] || noChoice}
                onValueChange={(value) => change(index, column.key, value === noChoice ? "" : value)}
              >
                <Select.Trigger aria-label={`${column.label} ${index + 1}`} placeholder={column.label} />
                <Select.Content>
                  <Select.Item value={noChoice}>{t`None`}</Select.Item>
                  {column.choices.map((choice) => (
                    <Select.Item key={choice.value} value={choice.value}>
                      {choice.label}
                    </Select.Item>
                  ))}
                  {row[column.key] && !column.choices.some((choice) => choice.value === row[column.key]) && (
                    <Select.Item value={row[column.key]}>{row[column.key]}</Select.Item>
                  )}
                </Select.Content>
              </Select.Root>
            ) : (
              <TextField.Root
                key={column.key}
                aria-label={`${column.label} ${index + 1}`}
                placeholder={column.label}
                value={row[column.key]}
                onChange={(event) => change(index, column.key, event.target.value)}
              />
            ),
          )}
          <IconButton
            type="button"
            variant="ghost"
            color="red"
            aria-label={t`Remove row ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <TrashIcon />
          </IconButton>
        </Flex>
      ))}
    </Flex>
  );
}

/** A select's value for "none" (no ACSS file, no hub of a rule): Radix selects take no empty value. */
const noChoice = "none";

function Configuration({
  form,
  set,
  text,
  current,
}: {
  form: CustomerForm;
  set: Setter;
  text: TextMaker;
  current: Customer | null;
}) {
  const { t, i18n } = useLingui();
  const tenants = useTenantPage({ page: 0, size: 1000 });
  const choices = useCustomerChoices(current !== null);
  const acssFiles = useAcsses();
  const hubs = (tenants.data?.items ?? []).flatMap((tenant) =>
    tenant.hubs.map((hub) => ({ id: hub.id, name: hub.name, tenant: tenant.name })),
  );
  const fulfillment = choices.data?.find((choice) => choice.customer?.id === current?.id)?.fulfillment?.name;
  // The contract's manifest types, by the names the form keeps (as the REST JSON spells them).
  const manifestTypeChoices = enumValues(ManifestType).map((type) => ({
    value: enumNameOf(ManifestType, type),
    label: manifestTypeName(i18n, type),
  }));
  return (
    <Flex direction="column" gap="4" pt="4">
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {text("crmid", t`CRM ID`)}
        <Field label={t`API client`}>
          {(control) => (
            <Select.Root value={form.apiClient} onValueChange={set("apiClient")}>
              <Select.Trigger {...control} />
              <Select.Content>
                {[ApiClient.SHIPPING, ApiClient.A1].map((client) => (
                  <Select.Item key={client} value={apiClientKey(client)}>
                    {apiClientName(i18n, client)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <Field label={t`Hub`}>
          {(control) => (
            <Select.Root
              value={form.hubId > 0n ? String(form.hubId) : defaultHub}
              onValueChange={(value) => set("hubId")(value === defaultHub ? 0n : BigInt(value))}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={defaultHub}>{t`The tenant's default hub`}</Select.Item>
                {hubs.map((hub) => (
                  <Select.Item key={String(hub.id)} value={String(hub.id)}>
                    {hub.tenant} – {hub.name}
                  </Select.Item>
                ))}
                {form.hubId > 0n && !hubs.some((hub) => hub.id === form.hubId) && (
                  <Select.Item value={String(form.hubId)}>{form.hubName}</Select.Item>
                )}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <Field label={t`Fulfillment`} hint={t`Chosen in the fulfillment form.`}>
          {(control) => (
            <Text {...control} size="2">
              {fulfillment || "–"}
            </Text>
          )}
        </Field>
        <Field label={t`ACSS file`}>
          {(control) => (
            <Select.Root
              value={form.acssId || noChoice}
              onValueChange={(value) => set("acssId")(value === noChoice ? "" : value)}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={noChoice}>{t`None`}</Select.Item>
                {(acssFiles.data ?? []).map((acss) => (
                  <Select.Item key={String(acss.id)} value={String(acss.id)}>
                    {acss.name}
                  </Select.Item>
                ))}
                {form.acssId && !acssFiles.data?.some((acss) => String(acss.id) === form.acssId) && (
                  <Select.Item value={form.acssId}>{current?.acss?.name || form.acssId}</Select.Item>
                )}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        {text("currency", t`Currency`)}
        <Field label={t`Manifest type`}>
          {(control) => (
            <Select.Root
              value={form.manifestType || noChoice}
              onValueChange={(value) => set("manifestType")(value === noChoice ? "" : value)}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={noChoice}>{t`None`}</Select.Item>
                {manifestTypeChoices.map((choice) => (
                  <Select.Item key={choice.value} value={choice.value}>
                    {choice.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        {text("sellerEori", t`Seller EORI`)}
      </Grid>
      <CheckboxField
        label={t`Commercial invoice is chargeable`}
        checked={form.chargeable}
        onChange={set("chargeable")}
      />
      <CheckboxField
        label={t`Increase the reference number`}
        checked={form.shouldIncreaseReferenceNumber}
        onChange={set("shouldIncreaseReferenceNumber")}
      />
      <Rows
        title={t`Available features`}
        rows={form.features}
        columns={[
          { key: "product", label: t`Product` },
          { key: "service", label: t`Service` },
          { key: "options", label: t`Options` },
        ]}
        empty={{ product: "", service: "", options: "" }}
        onChange={set("features")}
      />
      <Rows
        title={t`EORI country thresholds`}
        rows={form.thresholds}
        columns={[
          { key: "destination", label: t`Destination` },
          { key: "eoriThreshold", label: t`EORI threshold` },
        ]}
        empty={{ destination: "", eoriThreshold: "" }}
        onChange={set("thresholds")}
      />
      <Field label={t`Manifest e-mails`} hint={t`Separate addresses with commas.`}>
        {(control) => (
          <TextArea
            {...control}
            value={form.manifestEmails}
            onChange={(event) => set("manifestEmails")(event.target.value)}
          />
        )}
      </Field>
      <Rows
        title={t`Manifesting rules`}
        rows={form.rules}
        columns={[
          { key: "destination", label: t`Destination` },
          { key: "product", label: t`Product` },
          { key: "service", label: t`Service` },
          { key: "additionalOptions", label: t`Additional options` },
          { key: "manifestType", label: t`Manifest type`, choices: manifestTypeChoices },
          {
            key: "hubId",
            label: t`Hub`,
            choices: hubs.map((hub) => ({ value: String(hub.id), label: `${hub.tenant} – ${hub.name}` })),
          },
        ]}
        empty={{ destination: "", product: "", service: "", additionalOptions: "", manifestType: "", hubId: "" }}
        onChange={set("rules")}
      />
    </Flex>
  );
}

/** Select items need a value; this one stands for the tenant's default hub. */
const defaultHub = "default";

type CheckTarget = "api" | "tracking" | "fulltrack" | "a1" | "grp";
type CheckValues = {
  username?: string;
  password?: string;
  apiKey?: string;
  accessKey?: string;
  version?: FulltrackVersion;
};

function CheckButton({ check, label }: { check: () => CredentialCheck; label: string }) {
  const { t } = useLingui();
  const run = useCheckCredentials();
  return (
    <Flex gap="2" align="center">
      <Button type="button" size="1" variant="soft" loading={run.isPending} onClick={() => run.mutate(check())}>
        {label}
      </Button>
      {run.data === true && <CheckCircledIcon color="green" aria-label={t`Accepted`} role="img" />}
      {(run.data === false || run.isError) && <CrossCircledIcon color="red" aria-label={t`Refused`} role="img" />}
    </Flex>
  );
}

function Credentials({
  form,
  set,
  text,
  error,
  customerId,
}: {
  form: CustomerForm;
  set: Setter;
  text: TextMaker;
  error: (field: string) => ReturnType<typeof violationMessage> | null;
  customerId: bigint;
}) {
  const { t } = useLingui();
  const secret = (field: CredentialField, label: string) => (
    <TextInputField
      label={label}
      type="password"
      autoComplete="off"
      value={form.credentials[field]}
      onValueChange={(value) => set("credentials")({ ...form.credentials, [field]: value })}
      error={error(field)}
    />
  );
  // The fulltrack version the form names, as the contract's enum.
  const version = enumValueOf(FulltrackVersion, form.fulltrackVersion);
  const plain = (field: CredentialField, label: string) => (
    <TextInputField
      label={label}
      value={form.credentials[field]}
      onValueChange={(value) => set("credentials")({ ...form.credentials, [field]: value })}
    />
  );
  const c = form.credentials;
  const check = (type: CheckTarget, values: CheckValues) => (): CredentialCheck => ({
    type,
    customerId,
    ...values,
  });
  return (
    <Flex direction="column" gap="4" pt="4">
      <Heading as="h3" size="2">
        <Trans>Shipping API</Trans>
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {text("apiUsername", t`API username`)}
        {secret("apiPassword", t`API password`)}
      </Grid>
      <Flex gap="4" align="center" wrap="wrap">
        <CheckButton
          label={t`Check the API login`}
          check={check("api", { username: form.apiUsername, password: c.apiPassword })}
        />
        <CarriersCsvButton username={form.apiUsername} password={c.apiPassword} customerId={customerId} />
      </Flex>
      <Heading as="h3" size="2">
        <Trans>Tracking</Trans>
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {text("trackingUsername", t`Tracking username`)}
        {secret("trackingPassword", t`Tracking password`)}
      </Grid>
      <CheckButton
        label={t`Check the tracking login`}
        check={check("tracking", { username: form.trackingUsername, password: c.trackingPassword })}
      />
      <Heading as="h3" size="2">
        <Trans>Fulltrack</Trans>
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <Field label={t`Fulltrack version`}>
          {(control) => (
            <Select.Root
              value={form.fulltrackVersion || "none"}
              onValueChange={(v) => set("fulltrackVersion")(v === "none" ? "" : v)}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value="none">–</Select.Item>
                {enumValues(FulltrackVersion).map((version) => (
                  <Select.Item key={version} value={enumNameOf(FulltrackVersion, version)}>
                    {enumNameOf(FulltrackVersion, version)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        {secret("fulltrackAccessKey", t`Fulltrack access key`)}
        {secret("fulltrackApiKey", t`Fulltrack API key`)}
        {version === FulltrackVersion.V1 && secret("fulltrackRefreshToken", t`Fulltrack refresh token`)}
        {version === FulltrackVersion.V3 && plain("cognitoClientId", t`Cognito client ID`)}
        {version === FulltrackVersion.V3 && secret("cognitoClientSecret", t`Cognito client secret`)}
      </Grid>
      <CheckButton
        label={t`Check the fulltrack keys`}
        check={check("fulltrack", {
          apiKey: c.fulltrackApiKey,
          accessKey: c.fulltrackAccessKey,
          version,
        })}
      />
      <Heading as="h3" size="2">
        A1
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {plain("a1Username", t`A1 username`)}
        {secret("a1Password", t`A1 password`)}
        {secret("a1ApiKey", t`A1 API key`)}
        {plain("a1ProcessingPoint", t`A1 processing point`)}
      </Grid>
      <CheckButton
        label={t`Check the A1 login`}
        check={check("a1", { username: c.a1Username, password: c.a1Password, apiKey: c.a1ApiKey })}
      />
      <Heading as="h3" size="2">
        GRP
      </Heading>
      <CheckboxField label={t`GRP enabled`} checked={form.grpEnabled} onChange={set("grpEnabled")} />
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {plain("grpApiUsername", t`GRP username`)}
        {secret("grpApiPassword", t`GRP password`)}
        {secret("shippyProApiKey", t`ShippyPro API key`)}
      </Grid>
      <CheckButton
        label={t`Check the GRP login`}
        check={check("grp", { username: c.grpApiUsername, password: c.grpApiPassword })}
      />
    </Flex>
  );
}

/**
 * The consent boxes (spec 3 §4): ticking opens the dialog; accepted consents
 * are locked for non-admins; admins may untick. CI pricing only for
 * chargeable customers. The server applies the same rules.
 */
function Consents({ customer, admin }: { customer: Customer; admin: boolean }) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<"gtc" | "ciPricing" | null>(null);
  const consent = useSetConsent();
  const toggle = (kind: "gtc" | "ciPricing", accepted: boolean, on: boolean) => {
    if (on && !accepted) setDialog(kind);
    else if (!on && accepted && admin) consent.mutate({ id: customer.id, kind, accepted: false });
  };
  const when = (at: string, by: string) => (at ? t`Accepted by ${by} on ${new Date(at).toLocaleString()}` : "");
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="3">
        <Trans>Consents</Trans>
      </Heading>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={customer.gtcAccepted}
            disabled={customer.gtcAccepted && !admin}
            onCheckedChange={(on) => toggle("gtc", customer.gtcAccepted, on === true)}
          />
          <Trans>General terms and conditions accepted</Trans>
        </Flex>
      </Text>
      {customer.gtcAccepted && (
        <Text size="1" color="gray">
          {when(customer.gtcAcceptedAt, customer.gtcAcceptedBy)}
        </Text>
      )}
      {customer.isCommercialInvoiceChargeable && (
        <>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={customer.ciPricingAccepted}
                disabled={customer.ciPricingAccepted && !admin}
                onCheckedChange={(on) => toggle("ciPricing", customer.ciPricingAccepted, on === true)}
              />
              <Trans>Commercial invoice pricing accepted</Trans>
            </Flex>
          </Text>
          {customer.ciPricingAccepted && (
            <Text size="1" color="gray">
              {when(customer.ciPricingAcceptedAt, customer.ciPricingAcceptedBy)}
            </Text>
          )}
        </>
      )}
      {dialog === "gtc" && (
        <GtcDialog customerId={customer.id} country={customer.gtcCountry} onClose={() => setDialog(null)} />
      )}
      {dialog === "ciPricing" && <CiPricingDialog customerId={customer.id} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
