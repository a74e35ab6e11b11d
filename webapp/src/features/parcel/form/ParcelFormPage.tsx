import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Callout, Checkbox, Flex, Grid, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { PageLoading } from "../../../pages/PageLoading";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useCustomerSummary, usePrinterSettings } from "../../../api/customers";
import { parseId } from "../../../api/ids";
import { useProductsAndServices } from "../../../api/management";
import { useParcel } from "../../../api/parcels";
import { useActiveCustomer } from "../../../auth/activeCustomer";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { FormPage } from "../../../components/FormPage";
import { Warning } from "../../../components/Warning";
import type { ReferenceCode } from "../../../gen/portal/v1/management_pb";
import type { GetParcelResponse } from "../../../gen/portal/v1/parcels_pb";
import type { Violation } from "../../../gen/portal/v1/batches_pb";
import { ApiClient } from "../../../shipping/apiClients";
import {
  defaultLabelType,
  isZpl,
  LabelType,
  labelTypeKey,
  labelTypeName,
  labelTypeOf,
} from "../../../shipping/labelTypes";
import { violationText } from "../../../shipping/violationText";
import { fieldLabel } from "../../../shipping/fieldLabels";
import { RecipientNameField, useAddressPrefill } from "../../../shipping/RecipientNameField";
import { usePrintLabels } from "../../../printing/usePrintLabels";
import { useLabelFlow } from "./labelFlow";
import {
  choicesFor,
  createDisabled,
  emptyForm,
  emptyLine,
  type FormValues,
  fromDto,
  joinOptions,
  joinReturn,
  lineLetter,
  mandatoryFields,
  type OrderLineField,
  orderLinesViolated,
  orderLineTextFields,
  splitOptions,
  splitReturn,
  type TextField as FormField,
  violationsOf,
} from "./parcelForm";

type Mode = "new" | "edit" | "view";

/**
 * /parcel/new, /parcel/{id}/edit and /parcel/{id} (read-only): the parcel
 * form of spec 2 §2.3 and §5.4 with the label flow of §4.5.
 */
export function ParcelFormPage({ mode }: { mode: Mode }) {
  const { t } = useLingui();
  const params = useParams();
  const id = mode === "new" ? null : parseId(params.id);
  const { activeCustomer } = useActiveCustomer();
  const parcel = useParcel(id);
  const title =
    mode === "new" ? t`Create a parcel` : mode === "edit" ? t`Edit parcel ${String(id)}` : t`Parcel ${String(id)}`;
  if (!activeCustomer && mode === "new") {
    return (
      <FormPage title={title} size="3">
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      </FormPage>
    );
  }
  if (id !== null && (parcel.isError || (mode !== "new" && params.id && id === null))) {
    return (
      <FormPage title={title} size="3">
        <Warning>
          <Trans>This parcel does not exist, or it belongs to another customer.</Trans>
        </Warning>
      </FormPage>
    );
  }
  if (mode !== "new" && !parcel.data) return <PageLoading />;
  const stored = parcel.data;
  return (
    <ParcelForm
      key={String(id)}
      mode={mode}
      id={id}
      title={title}
      customerId={stored ? stored.customerId : (activeCustomer?.id ?? 0n)}
      stored={stored}
    />
  );
}

type ParcelFormProps = {
  mode: Mode;
  id: bigint | null;
  title: string;
  customerId: bigint;
  stored: GetParcelResponse | undefined;
};

function ParcelForm({ mode, id, title, customerId, stored }: ParcelFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const customer = useCustomerSummary(customerId);
  const printer = usePrinterSettings(customerId);
  const catalog = useProductsAndServices();
  const [values, setValues] = useState<FormValues>(() => fromDto(stored?.csvShipmentDto));
  const [labelType, setLabelType] = useState<LabelType | null>(stored?.labelType || null);
  const [withLabel, setWithLabel] = useState(true);
  const [withReturn, setWithReturn] = useState(() => !!stored?.csvShipmentDto?.returnOptions);
  const printing = usePrintLabels();
  const flow = useLabelFlow(i18n, setValues, printing.printLabels, stored?.validatedShipment);
  const readOnly = mode === "view" || (mode === "edit" && stored?.parcel?.editable === false);
  const loaded = stored;

  // The address book's entry fills a new form once it is read (?addressId=, spec 2 §2.3).
  const prefill = useAddressPrefill(search);
  const [prefilledFrom, setPrefilledFrom] = useState<bigint | null>(null);
  if (mode === "new" && prefill.fields && prefill.addressId !== prefilledFrom) {
    const fields = prefill.fields;
    setPrefilledFrom(prefill.addressId);
    setValues((v) => ({ ...v, ...fields }));
  }

  const apiClient = customer.data?.apiClient ?? ApiClient.API_CLIENT_UNSPECIFIED;
  const choices = choicesFor(
    catalog.data,
    customer.data?.availableFeatures ?? [],
    apiClient,
    values.product,
    values.service,
  );
  const type = labelType ?? defaultLabelType(printer.data ?? undefined);
  const violations = violationsOf(flow.checked);
  const busy = flow.state.step === "busy";
  const set = (field: FormField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const error = (key: string) => {
    const violation: Violation | undefined = violations[key];
    return violation ? violationText(i18n, violation) : null;
  };
  const field = (name: FormField, kind: "text" | "number" | "email" = "text") => (
    <FormInput
      key={name}
      name={name}
      label={fieldLabel(i18n, name)}
      value={values[name]}
      onChange={set(name)}
      error={error(name)}
      required={mandatoryFields.includes(name)}
      readOnly={readOnly}
      type={kind}
    />
  );
  const select = (name: FormField, codes: readonly ReferenceCode[], disabled = false) => (
    <CodeSelect
      key={name}
      label={fieldLabel(i18n, name)}
      value={values[name]}
      codes={codes}
      onChange={set(name)}
      error={error(name)}
      required={mandatoryFields.includes(name)}
      disabled={readOnly || disabled}
    />
  );
  const returned = splitReturn(values.returnOptions);
  const chosenOptions = splitOptions(values.options);
  // A ZPL label is made for the chosen printer's resolution (Zebra or Zebra300, spec 2 §5.3).
  const target = { customerId, parcelId: id, labelType: isZpl(type) ? printing.labelType : type };
  const clear = () => {
    setValues(emptyForm());
    flow.setChecked(undefined);
    flow.dismiss();
  };
  // After the label the form resets (spec 2 §4.5); an edited parcel goes back to the list.
  const start = (proceed = false) =>
    void flow
      .run(values, target, proceed)
      .then((done) => {
        if (done === null) return;
        if (mode === "new") clear();
        else void navigate("/parcel");
      })
      .catch(() => undefined);

  return (
    <FormPage title={title} size="3">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) start();
        }}
      >
        <Flex direction="column" gap="5">
          {flow.state.step === "invalid" && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>
                <Trans>The parcel is not valid. Please correct the marked fields.</Trans>
              </Callout.Text>
            </Callout.Root>
          )}
          <Section title={t`Address data`}>
            {readOnly ? (
              field("name")
            ) : (
              <NameInput
                label={fieldLabel(i18n, "name")}
                customerId={customerId}
                value={values.name}
                onChange={set("name")}
                onPick={(fields) => setValues((v) => ({ ...v, ...fields }))}
                error={error("name")}
              />
            )}
            {field("contact")}
            {field("street")}
            {field("no")}
            {field("street2")}
            {field("street3")}
            {field("postalcode")}
            {field("city")}
            {field("region")}
            {field("isoCountry")}
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={values.addAddressToAddressBook}
                  disabled={readOnly || mode !== "new"}
                  onCheckedChange={(checked) => setValues((v) => ({ ...v, addAddressToAddressBook: checked === true }))}
                />
                <Trans>Add to address book</Trans>
              </Flex>
            </Text>
          </Section>
          <Section title={t`Contact data`}>
            {field("mobile")}
            {field("phone")}
            {field("email", "email")}
            {field("referencenumber")}
          </Section>
          <Section title={t`Tax information`}>
            {field("senderTaxId")}
            {field("receiverTaxId")}
          </Section>
          <Section title={t`Shipment data`}>
            {field("weight", "number")}
            {select("format", choices.formats)}
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={withLabel && choices.products.length > 0}
                  disabled={readOnly || choices.products.length === 0}
                  onCheckedChange={(checked) => setWithLabel(checked === true)}
                />
                <Trans>Label</Trans>
              </Flex>
            </Text>
            {select("product", choices.products, !withLabel)}
            {select("service", choices.services, !withLabel)}
            <Flex direction="column" gap="1">
              <Text size="2" weight="medium">
                {fieldLabel(i18n, "options")}
              </Text>
              <Flex gap="3" wrap="wrap">
                {choices.options.map((option) => (
                  <Text as="label" size="2" key={option.code}>
                    <Flex gap="1" align="center">
                      <Checkbox
                        checked={chosenOptions.includes(option.code)}
                        disabled={readOnly}
                        onCheckedChange={(checked) =>
                          set("options")(
                            joinOptions(
                              checked === true
                                ? [...chosenOptions, option.code]
                                : chosenOptions.filter((o) => o !== option.code),
                            ),
                          )
                        }
                      />
                      {option.name || option.code}
                    </Flex>
                  </Text>
                ))}
              </Flex>
              {error("options") && (
                <Text size="1" color="red" role="alert">
                  {error("options")}
                </Text>
              )}
            </Flex>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={withReturn}
                  disabled={readOnly || choices.returnTypes.length === 0}
                  onCheckedChange={(checked) => {
                    setWithReturn(checked === true);
                    if (checked !== true) set("returnOptions")("");
                  }}
                />
                <Trans>Return label</Trans>
              </Flex>
            </Text>
            {withReturn && (
              <>
                <CodeSelect
                  label={t`Return type`}
                  value={returned.type}
                  codes={choices.returnTypes}
                  onChange={(code) => set("returnOptions")(joinReturn(code, returned.option))}
                  error={error("returnOptions")}
                  disabled={readOnly}
                />
                <CodeSelect
                  label={t`Return option`}
                  value={returned.option}
                  codes={choices.returnOptions}
                  onChange={(code) => set("returnOptions")(joinReturn(returned.type, code))}
                  disabled={readOnly || !returned.type}
                />
              </>
            )}
          </Section>
          <Section title={t`Customs information`}>
            {field("content")}
            {field("shippingCost", "number")}
            {field("currency")}
          </Section>
          {orderLinesViolated(flow.checked) && (
            <Text color="red" size="2" role="alert">
              <Trans>Please complete the customs content lines.</Trans>
            </Text>
          )}
          {values.orderLines.map((line, index) => (
            <Flex direction="column" gap="2" key={index}>
              <Heading as="h3" size="3">
                <Trans>Content line {lineLetter(index)}</Trans>
              </Heading>
              <Grid columns={{ initial: "1", sm: "4" }} gap="3">
                {orderLineTextFields.map((name: OrderLineField) => (
                  <FormInput
                    key={name}
                    name={`${name}-${index}`}
                    label={fieldLabel(i18n, name)}
                    value={line[name]}
                    type={name === "quantity" || name === "weight" || name === "value" ? "number" : "text"}
                    error={error(`orderLines.${index}.${name}`)}
                    readOnly={readOnly}
                    onChange={(value) =>
                      setValues((v) => ({
                        ...v,
                        orderLines: v.orderLines.map((l, i) => (i === index ? { ...l, [name]: value } : l)),
                      }))
                    }
                  />
                ))}
              </Grid>
              {!readOnly && (
                <Flex>
                  <Button
                    type="button"
                    variant="soft"
                    color="red"
                    onClick={() => setValues((v) => ({ ...v, orderLines: v.orderLines.filter((_, i) => i !== index) }))}
                  >
                    <Trans>Remove content line {lineLetter(index)}</Trans>
                  </Button>
                </Flex>
              )}
            </Flex>
          ))}
          {!readOnly && (
            <Flex>
              <Button
                type="button"
                variant="soft"
                onClick={() => setValues((v) => ({ ...v, orderLines: [...v.orderLines, emptyLine()] }))}
              >
                <Trans>Add customs information</Trans>
              </Button>
            </Flex>
          )}
          <Flex gap="3" justify="end" wrap="wrap" align="center">
            <Button type="button" variant="soft" color="gray" onClick={() => void navigate("/parcel")}>
              <Trans>Back</Trans>
            </Button>
            {mode === "view" && loaded?.parcel?.editable && (
              <Button asChild variant="soft">
                <Link to={`/parcel/${id}/edit`}>
                  <Trans>Edit</Trans>
                </Link>
              </Button>
            )}
            {!readOnly && (
              <>
                <Button type="button" variant="soft" color="gray" onClick={clear}>
                  <Trans>Clear</Trans>
                </Button>
                <Select.Root
                  value={labelTypeKey(type)}
                  onValueChange={(name) => setLabelType(labelTypeOf(name) ?? LabelType.PDF)}
                  disabled={busy}
                >
                  <Select.Trigger aria-label={t`Label type`} />
                  <Select.Content>
                    {[LabelType.PDF, LabelType.Zebra].map((option) => (
                      <Select.Item key={option} value={labelTypeKey(option)}>
                        {labelTypeName(i18n, option)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Button type="submit" loading={busy} disabled={createDisabled(busy, withLabel, withReturn)}>
                  {isZpl(type) ? <Trans>Create and print</Trans> : <Trans>Create and download</Trans>}
                </Button>
              </>
            )}
          </Flex>
        </Flex>
      </form>
      {flow.state.step === "invalid" && (
        <ConfirmDialog
          title={<Trans>Validation failed</Trans>}
          confirmLabel={<Trans>Proceed anyway</Trans>}
          color="amber"
          onClose={flow.dismiss}
          onConfirm={() => start(true)}
        >
          <Trans>
            The server found problems in the marked fields. You can correct them, or proceed anyway; the carrier labels
            only a valid parcel.
          </Trans>
        </ConfirmDialog>
      )}
    </FormPage>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {title}
      </Heading>
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
        {children}
      </Grid>
    </Flex>
  );
}

type FormInputProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  required?: boolean;
  readOnly?: boolean;
  type?: "text" | "number" | "email";
};

/** A labelled input with the server's violation under it (spec 2 §5.4). */
function FormInput({ name, label, value, onChange, error, required, readOnly, type = "text" }: FormInputProps) {
  const id = `parcel-${name}`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required && " *"}
      </Text>
      <TextField.Root
        id={id}
        type={type === "number" ? "text" : type}
        inputMode={type === "number" ? "decimal" : undefined}
        value={value}
        readOnly={readOnly}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

type NameInputProps = {
  label: string;
  customerId: bigint;
  value: string;
  onChange: (value: string) => void;
  onPick: (fields: Record<string, string>) => void;
  error: string | null;
};

/** The receiver's name, suggesting the customer's address-book entries (spec 2 §2.3). */
function NameInput({ label, customerId, value, onChange, onPick, error }: NameInputProps) {
  const id = "parcel-name";
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label} *
      </Text>
      <RecipientNameField
        customerId={customerId}
        value={value}
        onChange={onChange}
        onPick={onPick}
        control={{ id, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined }}
      />
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

type CodeSelectProps = {
  label: string;
  value: string;
  codes: readonly ReferenceCode[];
  onChange: (code: string) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
};

/** A choice from the carrier's reference list, the code beside its name. */
function CodeSelect({ label, value, codes, onChange, error, required, disabled }: CodeSelectProps) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
        {required && " *"}
      </Text>
      <Select.Root value={value || undefined} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger aria-label={label} color={error ? "red" : undefined} />
        <Select.Content>
          {codes.map((code) => (
            <Select.Item key={code.code} value={code.code}>
              {code.name ? `${code.code} (${code.name})` : code.code}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
