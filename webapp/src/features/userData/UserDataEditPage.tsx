import { useLingui } from "@lingui/react/macro";
import { Flex, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { parseId } from "../../api/ids";
import { type UserDataInit, useCreateUserData, useUpdateUserData, useUserData } from "../../api/userData";
import { useAllUsers } from "../../api/users";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { PageLoading } from "../../pages/PageLoading";
import { useOrganisationChoices } from "./useOrganisationChoices";

/** Select items need a value; this one stands for "no reference". */
const none = "none";

type LinkForm = { login: string; fulfillmentId: string; customerId: string };

/** /user-data/new and /user-data/{id}/edit. */
export function UserDataEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useUserData(id);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the user data link` : t`Create a new user data link`}>
      {!editing ? (
        <LinkFormView current={null} />
      ) : existing.data ? (
        <LinkFormView current={existing.data} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

const idOf = (ref: { id: bigint } | undefined) => (ref && ref.id > 0n ? String(ref.id) : none);

/**
 * The link form (spec 3 §2): the user is read-only once linked; fulfillment
 * and customer are chosen from selects. An empty choice is left out of the
 * request (spec 1 §5, empty references are removed before saving).
 */
function LinkFormView({ current }: { current: UserData | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const choices = useOrganisationChoices(current);
  const users = useAllUsers();
  const create = useCreateUserData();
  const update = useUpdateUserData();
  // A pending registration opens the new form with its login and the customer its CRM id names.
  const [search] = useSearchParams();
  const [form, setForm] = useState<LinkForm>({
    login: current?.user?.login ?? search.get("login") ?? "",
    fulfillmentId: idOf(current?.fulfillment),
    customerId: current ? idOf(current.customer) : (search.get("customerId") ?? none),
  });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set = (field: keyof LinkForm) => (value: string) => setForm((previous) => ({ ...previous, [field]: value }));
  const loginMissing = submitted && form.login === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (form.login === "") return;
    const userData: UserDataInit = {
      id: current?.id,
      user: { login: form.login },
      fulfillment: form.fulfillmentId === none ? undefined : { id: BigInt(form.fulfillmentId) },
      customer: form.customerId === none ? undefined : { id: BigInt(form.customerId) },
    };
    (current ? update : create).mutate(userData, {
      onSuccess: (saved) => void navigate(saved ? `/user-data/${saved.id}` : "/user-data"),
      onError: (error) => setFailure(describeFormFailure(error, ["user", "fulfillment", "customer"])),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Field
          label={t`User`}
          error={loginMissing ? violationMessage({ rule: "required" }) : (failure.fields.user ?? null)}
        >
          {(control) =>
            current ? (
              <Text {...control} size="2" weight="medium">
                {form.login}
              </Text>
            ) : (
              <Select.Root value={form.login || undefined} onValueChange={set("login")}>
                <Select.Trigger {...control} placeholder={t`Choose a user`} />
                <Select.Content>
                  {(users.data?.users ?? []).map((user) => (
                    <Select.Item key={user.login} value={user.login}>
                      {user.login}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )
          }
        </Field>
        <Field label={t`Fulfillment`} error={failure.fields.fulfillment ?? null}>
          {(control) => (
            <Select.Root value={form.fulfillmentId} onValueChange={set("fulfillmentId")}>
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={none}>{t`None`}</Select.Item>
                {choices.fulfillments.map((fulfillment) => (
                  <Select.Item key={String(fulfillment.id)} value={String(fulfillment.id)}>
                    {fulfillment.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <Field label={t`Customer`} error={failure.fields.customer ?? null}>
          {(control) => (
            <Select.Root value={form.customerId} onValueChange={set("customerId")}>
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={none}>{t`None`}</Select.Item>
                {choices.customers.map((customer) => (
                  <Select.Item key={String(customer.id)} value={String(customer.id)}>
                    {customer.name} ({customer.crmid})
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <FormFooter
          messages={failure.messages}
          cancelTo={current ? `/user-data/${current.id}` : "/user-data"}
          saving={create.isPending || update.isPending}
        />
      </Flex>
    </form>
  );
}
