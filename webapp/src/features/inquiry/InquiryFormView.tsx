import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Grid, Heading, Select, Text, TextArea } from "@radix-ui/themes";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { useApplicationProfile } from "../../api/management";
import { useSubmitInquiry } from "../../api/inquiries";
import { Captcha } from "../../components/form/Captcha";
import { CheckboxField } from "../../components/form/CheckboxField";
import { Field } from "../../components/form/Field";
import { FormMessages } from "../../components/form/FormMessages";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { TextInputField } from "../../components/form/TextInputField";
import { fieldRuleMessages, maxItemsOf, requiredFieldsOf } from "../../components/form/fieldRules";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { SubmitParcelInquiryRequestSchema } from "../../gen/portal/v1/inquiries_pb";
import { readFileBytes } from "../../files/localFiles";
import { dateFormatOf, type InquiryFile, type InquiryForm } from "./inquiryForm";
import { insuranceNames, insurances, productNames, products, reasonNames, reasons } from "./inquiryNames";

type TextField = Exclude<keyof InquiryForm, "senderCopyToEmail" | "consent" | "product" | "insurance" | "reason">;

/** The fields the proto marks required ("*"), and the most files it takes. */
const requiredFields = requiredFieldsOf(SubmitParcelInquiryRequestSchema);
const maxAttachments = maxItemsOf(SubmitParcelInquiryRequestSchema, "attachments") ?? 0;

/** Field errors of an attachment ("attachments[1].data") show under the attachments. */
const formField = (path: string) => (path.startsWith("attachments") ? "attachments" : path);

type InquiryFormViewProps = {
  /** The form as it starts and as reset leaves it. */
  initial: InquiryForm;
  /** The tenant it goes to; 0 for a signed-in caller's own. */
  tenantId: bigint;
  /** The anonymous form answers the captcha. */
  anonymous: boolean;
};

/**
 * The parcel inquiry form of spec 3 §3–5, shared by the public and the
 * internal page: messages only after a first submit, then the submitted
 * state with every field disabled and a reset button that clears the form
 * and the consent.
 */
export function InquiryFormView({ initial, tenantId, anonymous }: InquiryFormViewProps) {
  const { i18n, t } = useLingui();
  const submit = useSubmitInquiry();
  const { data: profile } = useApplicationProfile();
  const [form, setForm] = useState(initial);
  const [files, setFiles] = useState<InquiryFile[]>([]);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const [captchaToken, setCaptchaToken] = useState("");
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaRequired = anonymous && !!profile?.recaptchaSiteKey;
  const locale = i18n.locale;

  const request = { ...form, tenantId, attachments: files.map(({ fileName, data }) => ({ fileName, data })) };
  const broken = () =>
    Object.fromEntries(
      Object.entries(fieldRuleMessages(SubmitParcelInquiryRequestSchema, request)).map(([path, message]) => [
        formField(path),
        message,
      ]),
    );
  const violations: Record<string, MessageDescriptor> = tried ? broken() : {};
  const errorOf = (field: keyof InquiryForm | "attachments") => violations[field] ?? failure.fields[field];
  const set = (field: TextField) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const text = (field: TextField, label: string, type: "text" | "email" = "text") => (
    <TextInputField
      label={(requiredFields as readonly string[]).includes(field) ? `${label} *` : label}
      name={field}
      type={type}
      value={form[field]}
      onValueChange={set(field)}
      error={errorOf(field)}
      disabled={done}
    />
  );
  const choice = <Choice extends "product" | "insurance" | "reason">(
    field: Choice,
    label: string,
    values: readonly InquiryForm[Choice][],
    labels: Record<InquiryForm[Choice], MessageDescriptor>,
  ) => (
    <Field label={`${label} *`}>
      {(control) => (
        <Select.Root
          value={String(form[field])}
          onValueChange={(value) => setForm((current) => ({ ...current, [field]: Number(value) }))}
          disabled={done}
        >
          <Select.Trigger id={control.id} aria-label={label} />
          <Select.Content>
            {values.map((value) => (
              <Select.Item key={value} value={String(value)}>
                {i18n._(labels[value])}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </Field>
  );

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = "";
    const read = await Promise.all(
      chosen.map(async (file) => ({ fileName: file.name, size: file.size, data: await readFileBytes(file) })),
    );
    setFiles((current) => [...current, ...read]);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(noFailure);
    if (Object.keys(broken()).length > 0) {
      setFailure({ fields: {}, messages: [{ text: msg`Please correct the marked fields.` }] });
      return;
    }
    submit.mutate(
      {
        request,
        captchaToken,
      },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          setFailure(describeFormFailure(error, [...Object.keys(form), "attachments"]));
          if (captchaRequired) setCaptchaRound((round) => round + 1);
        },
      },
    );
  };

  const reset = () => {
    setForm({ ...initial, consent: false });
    setFiles([]);
    setTried(false);
    setDone(false);
    setFailure(noFailure);
    if (captchaRequired) setCaptchaRound((round) => round + 1);
  };

  return (
    <form onSubmit={send} noValidate>
      <Flex direction="column" gap="4">
        <Heading as="h2" size="4">
          <Trans>Parcel</Trans>
        </Heading>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          {choice("product", t`Product`, products, productNames)}
          {choice("insurance", t`Insurance`, insurances, insuranceNames)}
          {choice("reason", t`Reason`, reasons, reasonNames)}
          {text("trackingNumber", t`Tracking number`)}
          <TextInputField
            label={`${t`Date of posting`} *`}
            name="dateOfPosting"
            value={form.dateOfPosting}
            onValueChange={set("dateOfPosting")}
            error={errorOf("dateOfPosting")}
            hint={dateFormatOf(locale)}
            disabled={done}
          />
        </Grid>
        <Field label={t`Details of the reason`}>
          {(control) => (
            <TextArea
              {...control}
              name="reasonText"
              rows={2}
              value={form.reasonText}
              onChange={(event) => set("reasonText")(event.target.value)}
              disabled={done}
            />
          )}
        </Field>
        <Heading as="h2" size="4">
          <Trans>Sender</Trans>
        </Heading>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          {text("senderName", t`Name`)}
          {text("senderStreet", t`Street`)}
          {text("senderZipCode", t`Zip code`)}
          {text("senderCity", t`City`)}
          {text("senderCountry", t`Country`)}
          {text("senderCrmid", t`Customer number`)}
          {text("senderContactPerson", t`Contact person`)}
          {text("senderContactPhone", t`Phone`)}
          {text("senderContactEmail", t`E-mail`, "email")}
          {text("senderContactEmailCopy", t`Repeat e-mail`, "email")}
        </Grid>
        <CheckboxField
          label={<Trans>Send me a copy by e-mail</Trans>}
          checked={form.senderCopyToEmail}
          disabled={done}
          onCheckedChange={(senderCopyToEmail) => setForm((current) => ({ ...current, senderCopyToEmail }))}
        />
        <Heading as="h2" size="4">
          <Trans>Recipient</Trans>
        </Heading>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          {text("recipientName", t`Name`)}
          {text("recipientStreet", t`Street`)}
          {text("recipientZipCode", t`Zip code`)}
          {text("recipientCity", t`City`)}
          {text("recipientCountry", t`Country`)}
          {text("recipientContactPerson", t`Contact person`)}
          {text("recipientContactPhone", t`Phone`)}
          {text("recipientContactEmail", t`E-mail`, "email")}
          {text("recipientContactEmailCopy", t`Repeat e-mail`, "email")}
        </Grid>
        <Heading as="h2" size="4">
          <Trans>Content</Trans>
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {text("contentDescription", t`Description of the content`)}
          {text("contentValue", t`Value of the content`)}
        </Grid>
        <Field label={t`Attachments (at most ${maxAttachments} files)`} error={errorOf("attachments")}>
          {(control) => (
            <input
              {...control}
              type="file"
              multiple
              name="attachments"
              disabled={done}
              onChange={(event) => void addFiles(event)}
            />
          )}
        </Field>
        {files.length > 0 && (
          <Flex direction="column" gap="1">
            {files.map((file, index) => (
              <Flex key={`${file.fileName}-${index}`} gap="2" align="center">
                <Text size="2">{file.fileName}</Text>
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  color="red"
                  disabled={done}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  <Trans>Remove</Trans>
                </Button>
              </Flex>
            ))}
          </Flex>
        )}
        <CheckboxField
          label={<Trans>I agree that my data is processed to handle this inquiry. *</Trans>}
          checked={form.consent}
          disabled={done}
          error={errorOf("consent")}
          onCheckedChange={(consent) => setForm((current) => ({ ...current, consent }))}
        />
        {anonymous && (
          <Captcha
            siteKey={profile?.recaptchaSiteKey}
            round={captchaRound}
            onToken={setCaptchaToken}
            onRetry={() => setCaptchaRound((round) => round + 1)}
          />
        )}
        <FormMessages messages={failure.messages} />
        {done && (
          <SuccessMessage>
            <Trans>Your inquiry was submitted. We will get back to you.</Trans>
          </SuccessMessage>
        )}
        <Flex justify="end" gap="3">
          {done ? (
            <Button type="button" variant="soft" onClick={reset}>
              <Trans>Reset</Trans>
            </Button>
          ) : (
            <Button type="submit" loading={submit.isPending} disabled={captchaRequired && captchaToken === ""}>
              <Trans>Submit inquiry</Trans>
            </Button>
          )}
        </Flex>
      </Flex>
    </form>
  );
}
