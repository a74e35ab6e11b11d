import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Dialog, Flex, TextField } from "@radix-ui/themes";
import { type FormEvent, useRef, useState } from "react";
import { useSetConsent, useSetSellerEoris } from "../../api/customers";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Field } from "../../components/form/Field";
import { describeFormFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { msg } from "@lingui/core/macro";

/** The step of the invoice consent gate (spec 2 §4.6) the server asked for, and for which customers. */
export type GateStep = { step: "gtc" | "pricing" | "eori"; customerIds: bigint[] };

/** The server's refusal keys of the gate, by step. */
export const gateSteps: Record<string, GateStep["step"]> = {
  "error.invoice.gtcNotAccepted": "gtc",
  "error.invoice.pricingNotAccepted": "pricing",
  "error.invoice.sellerEoriMissing": "eori",
};

const saveEoriFailed = msg`The seller EORI could not be saved.`;

type Props = GateStep & {
  /** Customer names by id, for the seller EORI fields' labels. */
  names?: Record<string, string>;
  /** The step is done: the invoice is asked for again (and may meet the next step). */
  onDone: () => void;
  onClose: () => void;
};

/**
 * One dialog of the invoice consent gate: accept the terms (GTC), accept the
 * pricing of a chargeable customer, or enter the missing seller EORIs.
 */
export function InvoiceGateDialog({ step, customerIds, names, onDone, onClose }: Props) {
  const { t } = useLingui();
  const consent = useSetConsent();
  const eoris = useSetSellerEoris();
  const [values, setValues] = useState<Record<string, string>>({});
  // Accept closes the alert dialog at once; the step is done (or failed) only when the consents are saved.
  const accepting = useRef(false);

  if (step !== "eori") {
    const accept = async () => {
      accepting.current = true;
      try {
        for (const id of customerIds)
          await consent.mutateAsync({ id, kind: step === "gtc" ? "gtc" : "ciPricing", accepted: true });
        onDone();
      } catch {
        onClose();
      }
    };
    return (
      <ConfirmDialog
        title={step === "gtc" ? t`Terms and conditions (GTC)` : t`Commercial invoice pricing`}
        confirmLabel={t`Accept`}
        onConfirm={() => void accept()}
        onClose={() => accepting.current || onClose()}
      >
        {step === "gtc" ? (
          <Trans>Commercial invoices need the terms and conditions (GTC) accepted for the customer.</Trans>
        ) : (
          <Trans>Commercial invoices are chargeable for this customer: please accept the pricing.</Trans>
        )}
      </ConfirmDialog>
    );
  }

  const complete = customerIds.every((id) => (values[String(id)] ?? "").trim() !== "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    eoris.mutate(
      customerIds.map((id) => ({ id, sellerEori: values[String(id)].trim() })),
      {
        onSuccess: onDone,
        onError: (error) => {
          const failure = describeFormFailure(error);
          showNotices(failure.messages.length > 0 ? failure.messages : [{ text: saveEoriFailed }]);
        },
      },
    );
  };
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>
          <Trans>Seller EORI</Trans>
        </Dialog.Title>
        <Dialog.Description size="2">
          <Trans>Enter the seller EORI of every customer of the invoice.</Trans>
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3" mt="3">
            {customerIds.map((id) => {
              const name = names?.[String(id)];
              return (
                <Field
                  key={String(id)}
                  label={name ? t`Seller EORI of ${name}` : t`Seller EORI of customer ${String(id)}`}
                >
                  {(control) => (
                    <TextField.Root
                      {...control}
                      value={values[String(id)] ?? ""}
                      onChange={(event) => setValues({ ...values, [String(id)]: event.target.value })}
                    />
                  )}
                </Field>
              );
            })}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={!complete} loading={eoris.isPending}>
                <Trans>Accept</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
