import { useLingui } from "@lingui/react/macro";
import { Flex, Grid, Select } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useAuthorities, useCreateUser, useUpdateUser, useUser } from "../../../api/users";
import { fieldViolation } from "../../../components/form/fieldRules";
import { RegisterRequestSchema } from "../../../gen/portal/v1/account_pb";
import { activationStatuses, roleLabel, statusLabel } from "../../../auth/roleLabels";
import { Field } from "../../../components/form/Field";
import { FormFooter } from "../../../components/form/FormFooter";
import { LanguageField } from "../../../components/form/LanguageField";
import { NewPasswordField } from "../../../components/form/NewPasswordField";
import { TextInputField } from "../../../components/form/TextInputField";
import { violationMessage } from "../../../components/form/violationMessage";
import { FormPage } from "../../../components/FormPage";
import { MultiSelect } from "../../../components/MultiSelect";
import { describeFormFailure, noFailure } from "../../../errors/formFailure";
import type { User, UserSchema } from "../../../gen/portal/v1/users_pb";
import { defaultLocale } from "../../../i18n/locales";
import { PageLoading } from "../../../pages/PageLoading";
import { userPath } from "../../../navigation/userPath";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { enumNameOf, enumValueOf } from "../../../api/enums";
import { ActivationStatus as ActivationStatus, Role } from "../../../gen/portal/v1/vocabulary_pb";

/** The form as its inputs hold it: the status and the roles by their names. */
type UserForm = {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  activationStatus: string;
  langKey: string;
  authorities: string[];
  password: string;
};

const newUser: UserForm = {
  login: "",
  firstName: "",
  lastName: "",
  email: "",
  activationStatus: enumNameOf(ActivationStatus, ActivationStatus.ACTIVE),
  langKey: defaultLocale,
  authorities: [],
  password: "",
};

/** The user the form describes, for the server. */
const userOf = (form: UserForm): MessageInitShape<typeof UserSchema> => ({
  ...form,
  activationStatus: enumValueOf(ActivationStatus, form.activationStatus),
  authorities: form.authorities.flatMap((name) => enumValueOf(Role, name) ?? []),
});

const formOf = (user: User): UserForm => ({
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  activationStatus: enumNameOf(ActivationStatus, user.activationStatus || ActivationStatus.ACTIVE),
  langKey: user.langKey || defaultLocale,
  authorities: user.authorities.map((role) => enumNameOf(Role, role)),
  password: "",
});

/** /admin/user-management/new and /{login}/edit. */
export function UserEditPage() {
  const { t } = useLingui();
  const { login } = useParams();
  const user = useUser(login ?? "");
  const title = login ? t`Edit user ${login}` : t`Create a new user`;
  return (
    <FormPage title={title} size="3">
      {!login ? (
        <UserFormView initial={newUser} />
      ) : user.data ? (
        <UserFormView initial={formOf(user.data)} existing />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

const serverFields = [
  "login",
  "firstName",
  "lastName",
  "email",
  "activationStatus",
  "langKey",
  "authorities",
  "password",
];

/**
 * The user form: names, e-mail, language, status and roles. A new login
 * may get an initial password; without one the server mails an activation
 * link (unless it is created ACTIVE).
 */
function UserFormView({ initial, existing = false }: { initial: UserForm; existing?: boolean }) {
  const { i18n, t } = useLingui();
  const translate = i18n._.bind(i18n);
  const navigate = useNavigate();
  const authorities = useAuthorities();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const set =
    <K extends keyof UserForm>(field: K) =>
    (value: UserForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const violations = {
    login: existing ? null : fieldViolation(RegisterRequestSchema, "login", form.login),
    email: fieldViolation(RegisterRequestSchema, "email", form.email),
    password:
      existing || form.password === "" ? null : fieldViolation(RegisterRequestSchema, "password", form.password),
  };
  const errorOf = (field: keyof UserForm) => {
    const violation = submitted ? violations[field as keyof typeof violations] : null;
    return violation ? violationMessage(violation, field === "login" ? "login" : undefined) : failure.fields[field];
  };

  const saving = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (Object.values(violations).some(Boolean)) return;
    const mutation = existing ? update : create;
    mutation.mutate(userOf(form), {
      onSuccess: () => void navigate(userPath(form.login)),
      onError: (error) => setFailure(describeFormFailure(error, serverFields)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <TextInputField
          label={t`Login`}
          name="login"
          value={form.login}
          onValueChange={set("login")}
          disabled={existing}
          autoComplete="off"
          error={errorOf("login")}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <TextInputField
            label={t`First name`}
            name="firstName"
            value={form.firstName}
            onValueChange={set("firstName")}
            error={errorOf("firstName")}
          />
          <TextInputField
            label={t`Last name`}
            name="lastName"
            value={form.lastName}
            onValueChange={set("lastName")}
            error={errorOf("lastName")}
          />
        </Grid>
        <TextInputField
          label={t`E-mail`}
          name="email"
          type="email"
          value={form.email}
          onValueChange={set("email")}
          error={errorOf("email")}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <Field label={t`Status`} error={errorOf("activationStatus")}>
            {(control) => (
              <Select.Root value={form.activationStatus} onValueChange={set("activationStatus")}>
                <Select.Trigger {...control} />
                <Select.Content>
                  {activationStatuses.map((status) => (
                    <Select.Item key={status} value={enumNameOf(ActivationStatus, status)}>
                      {statusLabel(status, translate)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
          <LanguageField value={form.langKey} onValueChange={set("langKey")} error={errorOf("langKey")} />
        </Grid>
        <Field label={t`Roles`} error={errorOf("authorities")}>
          {(control) => (
            <MultiSelect
              {...control}
              options={(authorities.data ?? []).map((role) => enumNameOf(Role, role))}
              value={form.authorities}
              onChange={set("authorities")}
              labelOf={(name) => roleLabel(enumValueOf(Role, name) ?? Role.UNSPECIFIED, translate)}
            />
          )}
        </Field>
        {!existing && (
          <NewPasswordField
            label={t`Initial password (optional)`}
            name="password"
            value={form.password}
            onValueChange={set("password")}
            error={errorOf("password")}
          />
        )}
        <FormFooter
          messages={failure.messages}
          cancelTo={existing ? userPath(initial.login) : "/admin/user-management"}
          saving={saving}
        />
      </Flex>
    </form>
  );
}
