import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Checkbox, Flex, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useAcss, useSaveAcss } from "../../api/acss";
import { parseId } from "../../api/ids";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { Acss } from "../../gen/portal/v1/acss_pb";
import { PageLoading } from "../../pages/PageLoading";
import { maxFileBytes, readFileBytes } from "../../files/localFiles";
import { useTenantChoices } from "../../api/tenantChoices";

const none = "none";
const tooLarge = msg`The file is too large: at most 10 MB are allowed.`;
const notCsv = msg`The file is not a CSV text file.`;

/** /acss/new and /acss/{id}/edit. */
export function AcssEditPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useAcss(id);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the acss file` : t`Create a new acss file`}>
      {!editing ? <AcssForm current={null} /> : existing.data ? <AcssForm current={existing.data} /> : <PageLoading />}
    </FormPage>
  );
}

/** Name, description, CSV file, tenant and active (default off); name and CSV are required (spec 3 §5). */
function AcssForm({ current }: { current: Acss | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tenants = useTenantChoices();
  const save = useSaveAcss();
  const [name, setName] = useState(current?.name ?? "");
  const [description, setDescription] = useState(current?.description ?? "");
  const [tenantId, setTenantId] = useState(
    current?.tenant && current.tenant.id > 0n ? String(current.tenant.id) : none,
  );
  const [active, setActive] = useState(current?.active ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const nameMissing = submitted && name.trim() === "";
  const fileMissing = submitted && !current && !file;
  const fileTooLarge = file !== null && file.size > maxFileBytes;
  const notCsvName = file !== null && !/\.(csv|txt)$/i.test(file.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (name.trim() === "" || (!current && !file) || fileTooLarge || notCsvName) return;
    const csv = file ? await readFileBytes(file) : undefined;
    save.mutate(
      {
        id: current?.id,
        name,
        description,
        active,
        csv,
        csvContentType: "text/csv",
        fileName: file?.name,
        tenant: tenantId === none ? undefined : { id: BigInt(tenantId) },
      },
      {
        onSuccess: () => void navigate("/acss"),
        onError: (error) => setFailure(describeFormFailure(error, ["name", "csv", "tenant"])),
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Flex direction="column" gap="4">
        <Field
          label={t`Name`}
          error={nameMissing ? violationMessage({ rule: "required" }) : (failure.fields.name ?? null)}
        >
          {(control) => <TextField.Root {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t`Description`}>
          {(control) => <TextArea {...control} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <Field
          label={t`CSV file`}
          hint={current ? <Trans>Current file: {current.fileName}. Choose a file to replace it.</Trans> : null}
          error={
            fileMissing
              ? violationMessage({ rule: "required" })
              : fileTooLarge
                ? tooLarge
                : notCsvName
                  ? notCsv
                  : (failure.fields.csv ?? null)
          }
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Field label={t`Tenant`} error={failure.fields.tenant ?? null}>
          {(control) => (
            <Select.Root value={tenantId} onValueChange={setTenantId}>
              <Select.Trigger {...control} />
              <Select.Content>
                <Select.Item value={none}>{t`None`}</Select.Item>
                {(tenants.data ?? []).map((tenant) => (
                  <Select.Item key={String(tenant.id)} value={String(tenant.id)}>
                    {tenant.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={active} onCheckedChange={(checked) => setActive(checked === true)} />
            <Trans>Active</Trans>
          </Flex>
        </Text>
        <FormFooter messages={failure.messages} cancelTo="/acss" saving={save.isPending} />
      </Flex>
    </form>
  );
}
