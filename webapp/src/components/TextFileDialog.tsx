import { Trans } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button, Dialog, Flex, ScrollArea } from "@radix-ui/themes";
import { saveDownloaded } from "../api/download";

type TextFileDialogProps = {
  title: string;
  text: string;
  /** The name the text is saved under. */
  fileName: string;
  contentType: string;
  onClose: () => void;
};

/** Shows a text file (ZPL labels, SOAP traffic) and offers to save it. */
export function TextFileDialog({ title, text, fileName, contentType, onClose }: TextFileDialogProps) {
  const save = () => saveDownloaded({ blob: new Blob([text], { type: contentType }), contentType, fileName }, fileName);
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Content maxWidth="900px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2">{fileName}</Dialog.Description>
        <ScrollArea type="auto" scrollbars="both" style={{ maxHeight: "60vh" }}>
          <pre data-testid="text-file" style={{ margin: 0, fontSize: "var(--font-size-1)" }}>
            {text}
          </pre>
        </ScrollArea>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              <Trans>Close</Trans>
            </Button>
          </Dialog.Close>
          <Button onClick={save}>
            <DownloadIcon />
            <Trans>Download</Trans>
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
