import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { ConnectError } from "@connectrpc/connect";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type AddressBookEntryInit, useAddressBookEntry, useSaveAddressBookEntry } from "../../api/addressBook";
import { parseId } from "../../api/ids";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { Autocomplete } from "../../components/Autocomplete";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { FormPage } from "../../components/FormPage";
import { Warning } from "../../components/Warning";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import type { AddressBookEntry } from "../../gen/portal/v1/address_book_pb";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { PageLoading } from "../../pages/PageLoading";
import { type AddressField, addressFieldLabel, addressFields } from "../../shipping/addressBook";
import { textValues } from "../../shipping/textFields";
import { addressMaxLength, addressViolation, entryViolations, mandatoryAddressFields } from "./entryRules";
import { countryCodes, countryName } from "../../shipping/countries";
import type { MessageDescriptor } from "@lingui/core";

/** /address-book/new and /address-book/{id}/edit. */
export function AddressBookFormPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useAddressBookEntry(id);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the address book entry` : t`Create a new address book entry`}>
      {!editing ? (
        <EntryForm current={null} />
      ) : existing.data ? (
        <EntryForm current={existing.data} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

type Values = Record<AddressField, string>;

/**
 * The entry's fields; name, street, zip code, city and country are required
 * (spec 2 §5.6), as the proto's rules say (entryRules.ts). It is sent only
 * without field errors and with a country chosen; a saved entry goes back to
 * the list (spec 2 §4.8).
 */
function EntryForm({ current }: { current: AddressBookEntry | null }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const { activeCustomer } = useActiveCustomer();
  const save = useSaveAddressBookEntry();
  const [values, setValues] = useState<Values>(() => textValues(addressFields, current ?? undefined));
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const [serverErrors, setServerErrors] = useState<Partial<Record<AddressField, MessageDescriptor>>>({});

  const violations = submitted ? entryViolations(values) : {};
  const errorOf = (field: AddressField): MessageDescriptor | null => violations[field] ?? serverErrors[field] ?? null;

  if (!activeCustomer) {
    return (
      <Warning>
        <Trans>Please choose a customer first.</Trans>
      </Warning>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    setServerErrors({});
    if (Object.keys(entryViolations(values)).length > 0) return;
    const entry: AddressBookEntryInit = { ...values, id: current?.id };
    save.mutate(
      { customerId: activeCustomer.id, entry },
      {
        onSuccess: () => void navigate("/address-book"),
        onError: (error) => {
          const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
          if (detail && detail.fieldErrors.length > 0) {
            const fields: Partial<Record<AddressField, MessageDescriptor>> = {};
            for (const fieldError of detail.fieldErrors) {
              fields[fieldError.field as AddressField] ??= addressViolation(
                fieldError.field,
                fieldError.message,
                values.isoCountry.toUpperCase(),
              );
            }
            setServerErrors(fields);
            return;
          }
          const described = describeFormFailure(error);
          if (detail?.messageKey === "error.addressBook.notFound") showNotices(described.messages);
          setFailure(described);
        },
      },
    );
  };

  const set = (field: AddressField) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  const text = (field: AddressField, type: "text" | "email" | "tel" = "text") => (
    <Field
      key={field}
      label={addressFieldLabel(i18n, field) + (mandatoryAddressFields.includes(field) ? " *" : "")}
      error={errorOf(field)}
    >
      {(control) => (
        <TextField.Root
          {...control}
          type={type}
          name={field}
          maxLength={addressMaxLength(field)}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Text size="2" color="gray">
          <Trans>Fields marked * are required.</Trans>
        </Text>
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          {text("recipientNumber")}
          {text("name")}
          {text("contact")}
          {text("street")}
          {text("no")}
          {text("street2")}
          {text("street3")}
          {text("postalcode")}
          {text("city")}
          {text("region")}
          <Field label={`${addressFieldLabel(i18n, "isoCountry")} *`} error={errorOf("isoCountry")}>
            {(control) => (
              <div id={control.id}>
                <Autocomplete
                  options={countryCodes}
                  value={values.isoCountry ? values.isoCountry.toUpperCase() : null}
                  onChange={set("isoCountry")}
                  keyOf={(code) => code}
                  labelOf={(code) => `${countryName(code, i18n.locale)} (${code})`}
                  aria-label={t`Country`}
                  placeholder={t`Choose a country`}
                  noMatches={t`No country matches`}
                />
              </div>
            )}
          </Field>
          {text("email", "email")}
          {text("mobile", "tel")}
          {text("phone", "tel")}
        </Grid>
        <FormFooter messages={failure.messages} cancelTo="/address-book" saving={save.isPending} />
      </Flex>
    </form>
  );
}
