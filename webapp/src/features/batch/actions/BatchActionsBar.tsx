import { Code, ConnectError } from "@connectrpc/connect";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon, FileTextIcon, PaperPlaneIcon, ReloadIcon, StopIcon } from "@radix-ui/react-icons";
import { Button, Flex } from "@radix-ui/themes";
import { type ReactNode, type Ref, useState } from "react";
import { batchFiles, useBatchCommand, useBatchLinkDownload } from "../../../api/batches";
import { usePrinterSettings } from "../../../api/customers";
import { cacheBuster, isText, saveDownloaded, useFileDownload } from "../../../api/download";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { TrafficMenu } from "../../../components/TrafficMenu";
import { describeFailure } from "../../../errors/describeFailure";
import { showNotices } from "../../../errors/notices";
import { type Batch, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { ErrorDetailSchema } from "../../../gen/portal/v1/errors_pb";
import { singleParcelsSource } from "../list/BatchListPage";
import { LabelTypeSelect } from "./LabelTypeSelect";
import { defaultLabelType, isZpl, LabelType } from "../../../shipping/labelTypes";
import { labelLockMs, useLock } from "../../../printing/useLock";
import { PrintProgress } from "../../../printing/PrintProgress";
import type { useBatchFocus } from "../common/batchFocus";
import { usePrintLabels } from "../../../printing/usePrintLabels";

/** Spec 2 §8: the warning in the confirmation of a send with invalid rows. */
export const csvDataValidation = msg({
  id: "error.csvDataValidation",
  message: "Some rows of the batch have validation errors. Only the valid rows will be sent.",
});

/** Spec 2 §4.4: how long the info notices after a send and a manifest stay. */
export const processingNoticeMs = 10_000;
export const manifestNoticeMs = 4_000;

type Confirmation = "send" | "cancel" | "manifest" | null;

/**
 * The batch's buttons of spec 2 §4.2, as the server's BatchActions allow
 * them for the caller: send with a label type, cancel, the manifest, the
 * downloads, and for admins the SOAP traffic.
 */
export function BatchActionsBar({
  batch,
  admin,
  focus,
}: {
  batch: Batch;
  admin: boolean;
  /** Where the focus goes after a send or a manifest (the page's status and the manifest's download). */
  focus?: ReturnType<typeof useBatchFocus>;
}) {
  const { t } = useLingui();
  const actions = batch.actions;
  const command = useBatchCommand(batch.id);
  const printer = usePrinterSettings(actions?.send ? batch.customerId : null);
  const [chosenType, setChosenType] = useState<LabelType | null>(null);
  // Once a send runs, the select shows the type it runs with; before, the chosen one or the printer's.
  const sentWith = batch.status !== Batch_Status.CREATED ? batch.labelType : undefined;
  const running = sentWith !== undefined && sentWith !== LabelType.LABEL_TYPE_UNSPECIFIED;
  const labelType = running ? sentWith : (chosenType ?? defaultLabelType(printer.data));
  const [confirming, setConfirming] = useState<Confirmation>(null);
  const printing = usePrintLabels();

  const send = () =>
    command.mutate(
      // ZPL is drawn for the resolution of the user's printer: Zebra300 for a 300 dpi one.
      { kind: "send", labelType: labelType === LabelType.Zebra ? printing.labelType : labelType },
      {
        onSuccess: () => {
          showNotices([{ text: msg`Processing the CSV data…` }], { tone: "info", duration: processingNoticeMs });
          focus?.toStatus();
        },
      },
    );
  const cancel = () => command.mutate({ kind: "cancel" });
  const manifest = () =>
    command.mutate(
      { kind: "manifest" },
      {
        onSuccess: () => {
          showNotices([{ text: msg`Creating the manifest…` }], { tone: "info", duration: manifestNoticeMs });
          focus?.afterManifest();
        },
      },
    );
  const manifestButton = actions?.generateManifest || actions?.regenerateManifest;
  const regenerate = !actions?.generateManifest && actions?.regenerateManifest;
  const errors = batch.errorShipments;
  const changed = batch.changedShipments;

  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" wrap="wrap" align="center">
        {actions?.send && (
          <Flex gap="2" align="center">
            <LabelTypeSelect id="batch-label-type" value={labelType} onChange={setChosenType} disabled={running} />
            <Button
              disabled={!actions.sendEnabled || command.isPending}
              loading={command.isPending && command.variables?.kind === "send"}
              onClick={() => (batch.valid ? send() : setConfirming("send"))}
            >
              <PaperPlaneIcon />
              <Trans>Send</Trans>
            </Button>
          </Flex>
        )}
        {actions?.cancel && (
          <Button color="red" variant="soft" disabled={command.isPending} onClick={() => setConfirming("cancel")}>
            <StopIcon />
            <Trans>Cancel sending</Trans>
          </Button>
        )}
        {manifestButton && (
          <Button
            variant="soft"
            disabled={command.isPending || batch.status === Batch_Status.CREATING_MANIFEST}
            onClick={() => (errors > 0 || changed > 0 ? setConfirming("manifest") : manifest())}
          >
            <ReloadIcon />
            {regenerate ? <Trans>Regenerate manifest</Trans> : <Trans>Generate manifest</Trans>}
          </Button>
        )}
      </Flex>
      <Flex gap="3" wrap="wrap" align="center">
        {actions?.labelDownloads && <LabelsButton batch={batch} printing={printing} />}
        {actions?.customsDocsDownload && <CustomsDocsButton batch={batch} />}
        {actions?.manifestDownload && (
          <DownloadButton
            path={batchFiles.manifest(batch.id)}
            fallbackName={`manifest-${batch.id}.pdf`}
            buttonRef={focus?.download}
          >
            <Trans>Manifest</Trans>
          </DownloadButton>
        )}
        {actions?.invoiceDownload && <CommercialInvoiceButton batch={batch} />}
        {batch.csvFileName !== singleParcelsSource && (
          <DownloadButton path={batchFiles.csv(batch.id)} fallbackName={batch.csvFileName || `batch-${batch.id}.csv`}>
            <Trans>Original CSV</Trans>
          </DownloadButton>
        )}
        {admin && <TrafficMenu path={batchFiles.traffic(batch.id)} name={`batch-${batch.id}`} />}
      </Flex>
      {confirming === "send" && (
        <ConfirmDialog
          title={<Trans>Send the batch?</Trans>}
          confirmLabel={<Trans>Send anyway</Trans>}
          color="amber"
          onConfirm={send}
          onClose={() => setConfirming(null)}
        >
          <ValidationWarning />
        </ConfirmDialog>
      )}
      {confirming === "cancel" && (
        <ConfirmDialog
          title={<Trans>Cancel sending?</Trans>}
          confirmLabel={<Trans>Cancel sending</Trans>}
          color="red"
          onConfirm={cancel}
          onClose={() => setConfirming(null)}
        >
          <Trans>The labels made so far are cancelled at the carrier.</Trans>
        </ConfirmDialog>
      )}
      {confirming === "manifest" && (
        <ConfirmDialog
          title={regenerate ? t`Regenerate the manifest?` : t`Generate the manifest?`}
          confirmLabel={regenerate ? <Trans>Regenerate manifest</Trans> : <Trans>Generate manifest</Trans>}
          color="amber"
          onConfirm={manifest}
          onClose={() => setConfirming(null)}
        >
          {t`The batch has ${plural(errors, {
            one: "# shipment with errors",
            other: "# shipments with errors",
          })} and ${plural(changed, {
            one: "# changed shipment",
            other: "# changed shipments",
          })}. They are not part of the manifest.`}
        </ConfirmDialog>
      )}
    </Flex>
  );
}

function ValidationWarning() {
  const { i18n } = useLingui();
  return <>{i18n._(csvDataValidation)}</>;
}

type DownloadButtonProps = {
  path: string;
  buttonRef?: Ref<HTMLButtonElement>;
  query?: Record<string, string>;
  fallbackName: string;
  children: ReactNode;
};

/** A file of the batch saved under the server's name (Content-Disposition). */
function DownloadButton({ path, query, fallbackName, buttonRef, children }: DownloadButtonProps) {
  const download = useFileDownload();
  return (
    <Button
      ref={buttonRef}
      variant="soft"
      color="gray"
      loading={download.isPending}
      onClick={() => download.mutate({ path, query }, { onSuccess: (file) => saveDownloaded(file, fallbackName) })}
    >
      <DownloadIcon />
      {children}
    </Button>
  );
}

/** The commercial invoice, opened as a link with a download token of its own (spec 2 §7). */
function CommercialInvoiceButton({ batch }: { batch: Batch }) {
  const link = useBatchLinkDownload(batch.id);
  return (
    <Button variant="soft" color="gray" loading={link.isPending} onClick={() => link.mutate("commercial-invoice")}>
      <DownloadIcon />
      <Trans>Commercial invoice</Trans>
    </Button>
  );
}

/**
 * The labels of the batch: one PDF, opened as a link with a download token
 * of its own (spec 2 §7), or ZPL text, fetched and printed on the user's
 * printer (spec 2 §5.3). Locked for 5 s after a click.
 */
function LabelsButton({ batch, printing }: { batch: Batch; printing: ReturnType<typeof usePrintLabels> }) {
  const download = useFileDownload();
  const link = useBatchLinkDownload(batch.id);
  const [locked, lock] = useLock(labelLockMs);
  const zpl = isZpl(batch.labelType);
  return (
    <Flex gap="2" align="center">
      <Button
        variant="soft"
        disabled={locked || printing.printing}
        loading={download.isPending || link.isPending || printing.printing}
        onClick={() => {
          lock();
          if (!zpl) return link.mutate("labels");
          void printing.printLabels({
            selection: { case: "batchId", value: batch.id },
            zpl: async () => {
              const file = await download.mutateAsync({
                path: batchFiles.labels(batch.id),
                query: { cacheBuster: cacheBuster() },
              });
              return isText(file) ? file.blob.text() : "";
            },
          });
        }}
      >
        {zpl ? <FileTextIcon /> : <DownloadIcon />}
        {zpl ? <Trans>Print labels (ZPL)</Trans> : <Trans>Labels (PDF)</Trans>}
      </Button>
      <PrintProgress progress={printing.progress} />
    </Flex>
  );
}

/** Whether a failure says the batch has no customs documents (spec 2 §8: a warning, not an error). */
function isNoCustomsDocs(error: unknown): boolean {
  if (!(error instanceof ConnectError)) return false;
  const key = error.findDetails(ErrorDetailSchema)[0]?.messageKey ?? "";
  return key.endsWith("no-customsDocs-found") || error.code === Code.NotFound;
}

const noCustomsDocs = () => showNotices([{ text: msg`This batch has no customs documents.` }], { tone: "warning" });

/** The customs documents as one PDF; none is a warning toast. Locked for 5 s after a click. */
function CustomsDocsButton({ batch }: { batch: Batch }) {
  const download = useFileDownload(true);
  const [locked, lock] = useLock(labelLockMs);
  return (
    <Button
      variant="soft"
      color="gray"
      disabled={locked}
      loading={download.isPending}
      onClick={() => {
        lock();
        if (!batch.hasCustomsDocs) return noCustomsDocs();
        download.mutate(
          { path: batchFiles.customsDocs(batch.id) },
          {
            onSuccess: (file) => saveDownloaded(file, `customs-documents-${batch.id}.pdf`),
            onError: (error) => {
              if (isNoCustomsDocs(error)) return noCustomsDocs();
              const outcome = describeFailure(error);
              if (outcome.kind === "notify") showNotices(outcome.messages);
            },
          },
        );
      }}
    >
      <FileTextIcon />
      <Trans>Customs documents</Trans>
    </Button>
  );
}
