import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { ConnectError } from "@connectrpc/connect";
import { useState } from "react";
import { useImportAddressBook } from "../../api/addressBook";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { BackButton } from "../../components/DetailView";
import { FileDropZone } from "../../components/FileDropZone";
import { FormMessages } from "../../components/form/FormMessages";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { readFileBytes } from "../../files/localFiles";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { addressFieldLabel } from "../../shipping/addressBook";
import { addressViolation } from "./entryRules";
import { TemplateButton } from "./ExportButton";

/** Spec 2 §5.6 and §8: the import without an active customer. */
const chooseCustomer = msg`Please choose a customer before you import a file.`;

/** A failing row of an import: its line in the file and each field's fault. */
export type RowError = { row: string; field: string; rule: string };

/** The rows the server named ("row 3" with the field and its key), in its order. */
export function rowErrorsOf(error: unknown): RowError[] {
  const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
  if (detail?.messageKey !== "error.addressBook.validationErrors") return [];
  return detail.fieldErrors.map((fieldError) => ({
    row: fieldError.objectName.replace(/^row /, ""),
    field: fieldError.field,
    rule: fieldError.message,
  }));
}

/**
 * /address-book/import (spec 2 §2.5): a title, the CSV template download,
 * a drop zone for one file and Back. The server validates every row first:
 * a file with any failing row stores nothing and its rows are listed here.
 */
export function AddressBookImportPage() {
  const { i18n, t } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const importFile = useImportAddressBook();
  const [failure, setFailure] = useState(noFailure);
  const [rows, setRows] = useState<RowError[]>([]);
  const [done, setDone] = useState<{ imported: number; skipped: number } | null>(null);

  const upload = async (files: FileList | null) => {
    setFailure(noFailure);
    setRows([]);
    setDone(null);
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setFailure({ fields: {}, messages: [{ text: msg`Please choose exactly one file.` }] });
      return;
    }
    if (!activeCustomer) {
      showNotices([{ text: chooseCustomer }]);
      return;
    }
    let csv: Uint8Array;
    try {
      csv = await readFileBytes(files[0]);
    } catch {
      setFailure({ fields: {}, messages: [{ text: msg`The file could not be read.` }] });
      return;
    }
    importFile.mutate(
      { customerId: activeCustomer.id, csv },
      {
        onSuccess: (answer) => setDone({ imported: answer.imported, skipped: answer.skipped }),
        onError: (error) => {
          setRows(rowErrorsOf(error));
          const described = describeFormFailure(error);
          setFailure(described);
          showNotices(described.messages);
        },
      },
    );
  };

  return (
    <FormPage title={t`Import address book entries`} size="3">
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          <Trans>
            One row per recipient, with a header row naming the columns as in the CSV template. Every row is checked
            first: if any row is not valid, nothing is imported. Addresses the address book already holds are skipped.
          </Trans>
        </Text>
        <FileDropZone label={t`CSV file`} busy={importFile.isPending} onFiles={(files) => void upload(files)} />
        {done && (
          <Callout.Root color="green" role="status">
            <Callout.Text>
              <Trans>
                {done.imported} entries imported, {done.skipped} skipped because the address book already holds them.
              </Trans>
            </Callout.Text>
          </Callout.Root>
        )}
        <FormMessages messages={failure.messages} />
        {rows.length > 0 && (
          <ul aria-label={t`Rows with errors`}>
            {rows.map((error, index) => {
              const { row } = error;
              const field = addressFieldLabel(i18n, error.field);
              const problem = i18n._(addressViolation(error.field, error.rule));
              return (
                <li key={index}>
                  <Text size="2">
                    <Trans>
                      Row {row}, {field}: {problem}
                    </Trans>
                  </Text>
                </li>
              );
            })}
          </ul>
        )}
        <Flex gap="3" wrap="wrap" justify="between">
          <BackButton to="/address-book" />
          <TemplateButton />
        </Flex>
      </Flex>
    </FormPage>
  );
}
