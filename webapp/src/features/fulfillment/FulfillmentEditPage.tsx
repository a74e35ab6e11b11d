import { Trans, useLingui } from "@lingui/react/macro";
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { parseId } from "../../api/ids";
import {
  type FulfillmentInit,
  useCheckFulfillmentCustomers,
  useCustomerChoices,
  useFulfillment,
  useSaveFulfillment,
} from "../../api/organisation";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { TextInputField } from "../../components/form/TextInputField";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { MultiSelect } from "../../components/MultiSelect";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { CustomerChoice, Fulfillment } from "../../gen/portal/v1/fulfillments_pb";
import { PageLoading } from "../../pages/PageLoading";

/** /fulfillment/new and /fulfillment/{id}/edit. */
export function FulfillmentEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useFulfillment(id);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the fulfillment` : t`Create a new fulfillment`}>
      {!editing ? (
        <FulfillmentFormView current={null} />
      ) : existing.data ? (
        <FulfillmentFormView current={existing.data} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

/**
 * The fulfillment form (spec 3 §2, §4, §5): name (required), CRM ID and the
 * customers. Customers that already belong to another fulfillment are listed
 * in a confirmation before the save moves them.
 */
function FulfillmentFormView({ current }: { current: Fulfillment | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const choices = useCustomerChoices();
  const save = useSaveFulfillment();
  const check = useCheckFulfillmentCustomers();
  const [name, setName] = useState(current?.name ?? "");
  const [crmid, setCrmid] = useState(current?.crmid ?? "");
  const [customerIds, setCustomerIds] = useState<string[]>(() =>
    (current?.customers ?? []).map((customer) => String(customer.id)),
  );
  const [moving, setMoving] = useState<CustomerChoice[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const nameMissing = submitted && name.trim() === "";

  const labels = new Map<string, string>();
  for (const choice of choices.data ?? [])
    if (choice.customer) labels.set(String(choice.customer.id), `${choice.customer.name} (${choice.customer.crmid})`);
  for (const customer of current?.customers ?? [])
    if (!labels.has(String(customer.id))) labels.set(String(customer.id), `${customer.name} (${customer.crmid})`);

  const onError = (error: unknown) => setFailure(describeFormFailure(error, ["name", "crmid", "customers"]));

  const store = () => {
    setMoving(null);
    const fulfillment: FulfillmentInit = {
      id: current?.id,
      name: name.trim(),
      crmid: crmid.trim(),
      customers: customerIds.map((id) => ({ id: BigInt(id) })),
    };
    save.mutate(fulfillment, { onSuccess: () => void navigate("/fulfillment"), onError });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (name.trim() === "") return;
    check.mutate(
      { id: current?.id ?? 0n, customerIds: customerIds.map((id) => BigInt(id)) },
      { onSuccess: (others) => (others.length > 0 ? setMoving(others) : store()), onError },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <TextInputField
          label={t`Name`}
          value={name}
          onValueChange={setName}
          error={nameMissing ? violationMessage({ rule: "required" }) : (failure.fields.name ?? null)}
        />
        <TextInputField label={t`CRM ID`} value={crmid} onValueChange={setCrmid} error={failure.fields.crmid ?? null} />
        <Field label={t`Customers`} error={failure.fields.customers ?? null}>
          {(control) => (
            <MultiSelect
              {...control}
              options={[...labels.keys()]}
              value={customerIds}
              onChange={setCustomerIds}
              labelOf={(id) => labels.get(id) ?? id}
            />
          )}
        </Field>
        <FormFooter messages={failure.messages} cancelTo="/fulfillment" saving={check.isPending || save.isPending} />
      </Flex>
      {moving && <MoveConfirmation moving={moving} onCancel={() => setMoving(null)} onConfirm={store} />}
    </form>
  );
}

/** Spec 3 §4: the customers that would leave their fulfillment, before saving. */
function MoveConfirmation({
  moving,
  onCancel,
  onConfirm,
}: {
  moving: CustomerChoice[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => open || onCancel()}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>
          <Trans>Customers of another fulfillment</Trans>
        </AlertDialog.Title>
        <AlertDialog.Description size="2">
          <Trans>These customers already belong to another fulfillment. Saving moves them to this one:</Trans>
        </AlertDialog.Description>
        <ul data-testid="moving-customers">
          {moving.map(({ customer, fulfillment }) => {
            const customerName = customer?.name ?? "";
            const fulfillmentName = fulfillment?.name ?? "";
            return (
              <li key={String(customer?.id)}>
                <Trans>
                  {customerName} (now with {fulfillmentName})
                </Trans>
              </li>
            );
          })}
        </ul>
        <Flex gap="3" justify="end" mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              <Trans>Cancel</Trans>
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>
              <Trans>Save anyway</Trans>
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
