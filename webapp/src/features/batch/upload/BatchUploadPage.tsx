import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useNavigate } from "react-router";
import { batchFiles, useCreateBatch } from "../../../api/batches";
import { saveDownloaded, useFileDownload } from "../../../api/download";
import { type DocumentKind, useDownloadActiveDocument } from "../../../api/documents";
import { useActiveCustomer } from "../../../auth/activeCustomer";
import { BackButton } from "../../../components/DetailView";
import { FileDropZone } from "../../../components/FileDropZone";
import { FormMessages } from "../../../components/form/FormMessages";
import { FormPage } from "../../../components/FormPage";
import { describeFormFailure, noFailure } from "../../../errors/formFailure";
import { showNotices } from "../../../errors/notices";
import { readFileBytes, saveFile } from "../../../files/localFiles";
import { landOnBatch } from "../common/batchFocus";

/** Spec 2 §8: the upload without an active customer. */
const chooseCustomer = msg`Please choose a customer before you upload a file.`;

/**
 * /batch/new and /batch/{id}/edit (spec 2 §2.1): one CSV file or Excel
 * workbook (.xlsx), dropped or chosen, goes to the server for the active
 * customer; the server reads and validates it and the user lands on the new
 * batch.
 */
export function BatchUploadPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { activeCustomer } = useActiveCustomer();
  const create = useCreateBatch();
  const [failure, setFailure] = useState(noFailure);

  const upload = async (files: FileList | null) => {
    setFailure(noFailure);
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setFailure({ fields: {}, messages: [{ text: msg`Please choose exactly one file.` }] });
      return;
    }
    if (!activeCustomer) {
      showNotices([{ text: chooseCustomer }]);
      return;
    }
    const file = files[0];
    let csv: Uint8Array;
    try {
      csv = await readFileBytes(file);
    } catch {
      setFailure({ fields: {}, messages: [{ text: msg`The file could not be read.` }] });
      return;
    }
    create.mutate(
      { csv, csvFileName: file.name, customerId: activeCustomer.id },
      {
        // The batch page puts the focus on the new batch (its heading), not on the page.
        onSuccess: (batch) => batch && void navigate(`/batch/${batch.id}`, { state: landOnBatch }),
        onError: (error) => setFailure(describeFormFailure(error)),
      },
    );
  };

  return (
    <FormPage title={t`Upload a CSV file`} size="3">
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          <Trans>
            One row per shipment, with a header row naming the columns as in the CSV template; an Excel workbook (.xlsx)
            is read from its sheet named Shipments, or else its first sheet. The file is checked at once; you can
            correct the rows afterwards.
          </Trans>
        </Text>
        <FileDropZone
          label={t`CSV or Excel file`}
          busy={create.isPending}
          onFiles={(files) => void upload(files)}
          workbooks
        />
        <FormMessages messages={failure.messages} />
        <Flex gap="3" wrap="wrap" justify="between">
          <BackButton to="/batch" />
          <Flex gap="3" wrap="wrap">
            <TemplateButton kind="csvTemplate" fallbackName="template.csv" label={t`CSV template`} />
            <WorkbookTemplateButton />
            <TemplateButton kind="productCodes" fallbackName="Product Codes.xlsx" label={t`Product codes`} />
          </Flex>
        </Flex>
      </Flex>
    </FormPage>
  );
}

/** Downloads the batch template as an Excel workbook: the CSV template's columns on a sheet named Shipments. */
function WorkbookTemplateButton() {
  const download = useFileDownload();
  return (
    <Button
      variant="soft"
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { path: batchFiles.workbookTemplate },
          { onSuccess: (file) => saveDownloaded(file, "template.xlsx") },
        )
      }
    >
      <DownloadIcon />
      <Trans>Excel template</Trans>
    </Button>
  );
}

/** Downloads the kind's active document (spec 2 §7, templates and documents). */
function TemplateButton({ kind, fallbackName, label }: { kind: DocumentKind; fallbackName: string; label: string }) {
  const download = useDownloadActiveDocument(kind);
  return (
    <Button
      variant="soft"
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (doc) => doc && saveFile(doc.document, doc.documentContentType, doc.fileName || fallbackName),
        })
      }
    >
      <DownloadIcon />
      {label}
    </Button>
  );
}
