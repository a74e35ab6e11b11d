import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useUploadCustomsDocument } from "../../api/customsDocs";
import { describeFailure } from "../../errors/describeFailure";
import { messageText } from "../../errors/messageText";
import { showNotices } from "../../errors/notices";
import { readFileBytes } from "../../files/localFiles";

/**
 * Staff upload a customs document by hand (admins): a PDF for a CRM id,
 * optionally naming the shipment's identifier. The server checks the type
 * and size; its refusal stands in the dialog.
 */
export function UploadDialog({ crmId, onClose }: { crmId: string; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const upload = useUploadCustomsDocument();
  const [crm, setCrm] = useState(crmId);
  const [identifier, setIdentifier] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    const content = await readFileBytes(file);
    upload.mutate(
      { crmId: crm.trim(), identifier: identifier.trim(), filename: file.name, content },
      {
        onSuccess: () => {
          showNotices([{ text: msg`The customs document was uploaded.` }], { tone: "info", duration: 4000 });
          onClose();
        },
        onError: (error) => {
          const outcome = describeFailure(error);
          if (outcome.kind === "notify") setFailure(outcome.messages.map((m) => messageText(i18n, m.text)).join(" "));
        },
      },
    );
  };
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>
          <Trans>Upload a customs document</Trans>
        </Dialog.Title>
        <Dialog.Description size="2">
          <Trans>A PDF of at most 5 MB for the customer with the CRM id.</Trans>
        </Dialog.Description>
        <form onSubmit={(event) => void submit(event)}>
          <Flex direction="column" gap="3" mt="3">
            <label>
              <Text size="2" weight="medium">
                <Trans>CRM id</Trans>
              </Text>
              <TextField.Root required value={crm} onChange={(e) => setCrm(e.target.value)} />
            </label>
            <label>
              <Text size="2" weight="medium">
                <Trans>Identifier (optional)</Trans>
              </Text>
              <TextField.Root value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
            </label>
            <label>
              <Text size="2" weight="medium">
                <Trans>PDF file</Trans>
              </Text>
              <input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </label>
            {failure && (
              <Text size="2" color="red" role="alert">
                {failure}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={upload.isPending} disabled={!file || !crm.trim()}>
                {t`Upload`}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
