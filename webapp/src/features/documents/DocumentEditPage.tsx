import { Trans, useLingui } from "@lingui/react/macro";
import { Checkbox, Flex, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useDocument, useDocuments, useSaveDocument } from "../../api/documents";
import { parseId } from "../../api/ids";
import { Field } from "../../components/form/Field";
import { FormFooter } from "../../components/form/FormFooter";
import { violationMessage } from "../../components/form/violationMessage";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { PageLoading } from "../../pages/PageLoading";
import { maxFileBytes, readFileBytes } from "../../files/localFiles";
import type { KindInfo } from "./kinds";
import { msg } from "@lingui/core/macro";

const tooLarge = msg`The file is too large: at most 10 MB are allowed.`;

/** {base}/new and {base}/{id}/edit. */
export function DocumentEditPage({ info }: { info: KindInfo }) {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const existing = useDocument(info.kind, id);
  const all = useDocuments(info.kind);
  const editing = id !== null;
  return (
    <FormPage title={editing ? t`Edit the document` : t`Create a new document`}>
      {!editing ? (
        <DocumentForm info={info} current={null} count={all.data?.length ?? 0} />
      ) : existing.data && all.data ? (
        <DocumentForm info={info} current={existing.data} count={all.data.length} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}

/**
 * Name, file and active flag (spec 3 §2, §4): the active checkbox shows on
 * create; in edit, a product-codes document's flag is read-only and a
 * CSV-template document's shows only when more than one exists.
 */
function DocumentForm({ info, current, count }: { info: KindInfo; current: Document | null; count: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const save = useSaveDocument(info.kind);
  const [name, setName] = useState(current?.name ?? "");
  const [active, setActive] = useState(current?.active ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const nameMissing = submitted && name.trim() === "";
  const fileMissing = submitted && !current && !file;
  const fileTooLarge = file !== null && file.size > maxFileBytes;
  const showActive = !current || info.kind === "productCodes" || count > 1;
  const activeLocked = current !== null && info.kind === "productCodes";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(noFailure);
    if (name.trim() === "" || (!current && !file) || fileTooLarge) return;
    const bytes = file ? await readFileBytes(file) : undefined;
    save.mutate(
      {
        id: current?.id,
        name,
        active,
        document: bytes,
        documentContentType: file ? file.type || "application/octet-stream" : undefined,
        fileName: file?.name,
      },
      {
        onSuccess: () => void navigate(info.base),
        onError: (error) => setFailure(describeFormFailure(error, ["name", "document", "active"])),
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
        <Field
          label={t`Document`}
          hint={
            current ? (
              <Trans>Current file: {current.fileName || current.name}. Choose a file to replace it.</Trans>
            ) : null
          }
          error={
            fileMissing
              ? violationMessage({ rule: "required" })
              : fileTooLarge
                ? tooLarge
                : (failure.fields.document ?? null)
          }
        >
          {(control) => (
            <input {...control} type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          )}
        </Field>
        {showActive && (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={active}
                disabled={activeLocked}
                onCheckedChange={(checked) => setActive(checked === true)}
              />
              <Trans>Active</Trans>
            </Flex>
          </Text>
        )}
        <FormFooter messages={failure.messages} cancelTo={info.base} saving={save.isPending} />
      </Flex>
    </form>
  );
}
