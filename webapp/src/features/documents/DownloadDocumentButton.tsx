import { useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { type DocumentKind, useDownloadDocument } from "../../api/documents";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { saveFile } from "./files";

/** Downloads a document's file under its own name. */
export function DownloadDocumentButton({ kind, doc }: { kind: DocumentKind; doc: Document }) {
  const { t } = useLingui();
  const download = useDownloadDocument(kind);
  const fileName = doc.fileName || doc.name;
  return (
    <Button
      variant="ghost"
      size="1"
      loading={download.isPending}
      aria-label={t`Download ${fileName}`}
      onClick={() =>
        download.mutate(doc.id, {
          onSuccess: (file) => file && saveFile(file.data, file.contentType, fileName),
        })
      }
    >
      <DownloadIcon />
      {fileName}
    </Button>
  );
}
