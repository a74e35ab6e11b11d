import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui, Plural } from "@lingui/react/macro";
import { ConnectError } from "@connectrpc/connect";
import { Button, Dialog, Flex, Grid, RadioGroup, Select, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useCreateInvoice, useInvoiceCustomers, useInvoiceNumberCheck } from "../../api/reports";
import { Field } from "../../components/form/Field";
import { describeFormFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { saveFile } from "../../files/localFiles";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { type GetInvoiceCustomersResponse, InvoiceGateStep, type ReportRow } from "../../gen/portal/v1/reports_pb";
import { type GateStep, gateSteps, InvoiceGateDialog } from "./InvoiceGateDialog";
import {
  amountDisabled,
  amountErrors,
  type AmountField,
  amountFields,
  canGenerate,
  declarationFor,
  defaultInvoiceForm,
  type InvoiceForm,
  invoiceRequest,
  receiverPays,
} from "./invoiceForm";
import { incotermNames, incoterms, reasonOfExportNames, reasonsOfExport } from "./invoiceTermNames";

const gateStepNames: Record<InvoiceGateStep, GateStep["step"] | null> = {
  [InvoiceGateStep.INVOICE_GATE_STEP_UNSPECIFIED]: null,
  [InvoiceGateStep.GTC]: "gtc",
  [InvoiceGateStep.PRICING]: "pricing",
  [InvoiceGateStep.SELLER_EORI]: "eori",
};

/** The dialog of the gate's next step, as the server names it; null when the invoice may be made. */
function gateStepOf(response: GetInvoiceCustomersResponse): GateStep | null {
  const step = gateStepNames[response.nextStep];
  return step ? { step, customerIds: response.nextStepCustomerIds } : null;
}

const numberTaken = msg`This invoice number is already taken.`;
const created = msg`The commercial invoice was created.`;
const loadFailed = msg`The customers of the selection could not be read.`;

/** The invoice number as typed, checked once typing pauses for 300 ms. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), 300);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

type Props = {
  /** The selected rows; the page offers the dialog only when all may be invoiced. */
  rows: ReportRow[];
  onClose: () => void;
};

/**
 * The commercial invoice dialog of a report selection (spec 2 §4.6, §5.5):
 * first the consent gate (GTC, pricing if chargeable, the seller EORI of
 * every customer lacking one; satisfied steps skipped), then the invoice
 * form, whose Generate stores the invoice and downloads its PDF.
 */
export function InvoiceDialog({ rows, onClose }: Props) {
  const { i18n, t } = useLingui();
  const count = rows.length;
  const shipmentIds = useMemo(() => rows.map((row) => row.shipmentId), [rows]);
  const customers = useInvoiceCustomers(shipmentIds);
  // What the form starts with and which amounts the receiver pays come from the server (core/invoice).
  const defaults = customers.data?.defaults;
  const [form, setForm] = useState<InvoiceForm | null>(null);
  const current = form ?? defaultInvoiceForm(defaults);
  const crmIds = useMemo(() => (customers.data?.customers ?? []).map((c) => c.customerCrmid), [customers.data]);
  const typed = current.invoiceNumber;
  const settled = useSettled(typed);
  const numberCheck = useInvoiceNumberCheck(settled, crmIds);
  // The server's answer for the text as it stands: the number as stored, and whether it is taken.
  const check = settled === typed ? numberCheck.data : undefined;
  const taken = check?.taken;
  const create = useCreateInvoice();

  const failed = customers.isError;
  useEffect(() => {
    if (!failed) return;
    showNotices([{ text: loadFailed }]);
    onClose();
  }, [failed, onClose]);

  if (failed) return null;
  if (!customers.data) {
    return (
      <Dialog.Root open onOpenChange={(open) => open || onClose()}>
        <Dialog.Content maxWidth="360px" aria-describedby={undefined}>
          <Dialog.Title>
            <Trans>Commercial invoice</Trans>
          </Dialog.Title>
          <Spinner />
        </Dialog.Content>
      </Dialog.Root>
    );
  }
  // The server names the gate's next step (core/invoice.NextStep).
  const gate = gateStepOf(customers.data);
  if (gate) {
    const names = Object.fromEntries(customers.data.customers.map((c) => [String(c.customerId), c.name]));
    return (
      <InvoiceGateDialog
        key={gate.step}
        step={gate.step}
        customerIds={gate.customerIds}
        names={names}
        onClose={onClose}
        onDone={() => void customers.refetch()}
      />
    );
  }

  const update = (change: Partial<InvoiceForm>) => setForm({ ...current, ...change });
  const setAmount = (field: AmountField, value: string) => update({ amounts: { ...current.amounts, [field]: value } });
  const badAmounts = amountErrors(defaults, current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check || !canGenerate(defaults, current, check)) return;
    const number = check.invoiceNumber;
    create.mutate(invoiceRequest(defaults, current, number, shipmentIds), {
      onSuccess: (file) => {
        if (file) saveFile(file.data, file.contentType, `commercial-invoice-${number}.pdf`);
        showNotices([{ text: created }], { tone: "info" });
        onClose();
      },
      onError: (error) => {
        const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
        if (detail && gateSteps[detail.messageKey]) {
          // A consent was withdrawn meanwhile: walk the gate again.
          void customers.refetch();
          return;
        }
        const failure = describeFormFailure(error);
        showNotices(
          failure.messages.length > 0
            ? failure.messages.map((message) => {
                const reason = i18n._(message.text);
                return { text: msg`The invoice could not be created: ${reason}` };
              })
            : [{ text: { id: "error.http.500" } }],
        );
      },
    });
  };
  const amountLabels: Record<AmountField, string> = {
    freightPostage: t`Freight and postage`,
    discountRebate: t`Discount / rebate`,
    vat: t`VAT`,
    tobaccoTax: t`Tobacco tax`,
    duty: t`Duty`,
  };
  const nameOf = (name: MessageDescriptor | null) => (name ? i18n._(name) : "–");

  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="720px">
        <Dialog.Title>
          <Trans>Commercial invoice</Trans>
        </Dialog.Title>
        <Dialog.Description size="2">
          <Plural value={count} one="# shipment is invoiced." other="# shipments are invoiced." />
        </Dialog.Description>
        <form onSubmit={submit} noValidate aria-label={t`Commercial invoice`}>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3" mt="3">
            <Field label={t`Invoice number`} error={taken ? numberTaken : null}>
              {(control) => (
                <TextField.Root
                  {...control}
                  value={current.invoiceNumber}
                  onChange={(event) => update({ invoiceNumber: event.target.value })}
                />
              )}
            </Field>
            <Field label={t`PO number`}>
              {(control) => (
                <TextField.Root
                  {...control}
                  maxLength={35}
                  value={current.poNumber}
                  onChange={(event) => update({ poNumber: event.target.value })}
                />
              )}
            </Field>
            <Field
              label={t`Incoterm`}
              hint={
                receiverPays(defaults, current)
                  ? t`Under this incoterm, the receiver pays the amounts marked “Paid by the receiver”.`
                  : null
              }
            >
              {(control) => (
                <Select.Root
                  value={String(current.incoterm)}
                  onValueChange={(incoterm) => update({ incoterm: Number(incoterm) })}
                >
                  <Select.Trigger {...control} />
                  <Select.Content>
                    {incoterms.map((code) => (
                      <Select.Item key={code} value={String(code)}>
                        {nameOf(incotermNames[code])}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              )}
            </Field>
            <Field label={t`Reason of export`}>
              {(control) => (
                <Select.Root
                  value={String(current.reasonOfExport)}
                  onValueChange={(reason) => update({ reasonOfExport: Number(reason) })}
                >
                  <Select.Trigger {...control} />
                  <Select.Content>
                    {reasonsOfExport.map((code) => (
                      <Select.Item key={code} value={String(code)}>
                        {nameOf(reasonOfExportNames[code])}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              )}
            </Field>
            {amountFields.map((field) => (
              <Field
                key={field}
                label={amountLabels[field]}
                error={badAmounts[field] ?? null}
                hint={amountDisabled(defaults, current, field) ? t`Paid by the receiver` : null}
              >
                {(control) => (
                  <TextField.Root
                    {...control}
                    inputMode="decimal"
                    disabled={amountDisabled(defaults, current, field)}
                    value={amountDisabled(defaults, current, field) ? "0" : current.amounts[field]}
                    onChange={(event) => setAmount(field, event.target.value)}
                  />
                )}
              </Field>
            ))}
          </Grid>
          <Flex direction="column" gap="3" mt="3">
            <Field label={t`Additional comments`}>
              {(control) => (
                <TextArea
                  {...control}
                  maxLength={1000}
                  value={current.additionalComments}
                  onChange={(event) => update({ additionalComments: event.target.value })}
                />
              )}
            </Field>
            <RadioGroup.Root
              value={current.eu ? "EU" : "NON_EU"}
              onValueChange={(value) =>
                update({ eu: value === "EU", declarationStatement: declarationFor(defaults, value === "EU") })
              }
              aria-label={t`Declaration`}
            >
              <Flex gap="4">
                <RadioGroup.Item value="EU">
                  <Trans>EU</Trans>
                </RadioGroup.Item>
                <RadioGroup.Item value="NON_EU">
                  <Trans>Non-EU</Trans>
                </RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            <Field label={t`Declaration statement`}>
              {(control) => (
                <TextArea
                  {...control}
                  maxLength={2000}
                  value={current.declarationStatement}
                  onChange={(event) => update({ declarationStatement: event.target.value })}
                />
              )}
            </Field>
            {typed !== "" && check === undefined && (
              <Text size="1" color="gray">
                <Trans>Checking the invoice number…</Trans>
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={!canGenerate(defaults, current, check)} loading={create.isPending}>
                <Trans>Generate</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
