import { type DocumentKind, useDownloadDocument } from "../../api/documents";
import { DownloadButton } from "../../components/DownloadButton";
import type { Document } from "../../gen/portal/v1/documents_pb";
import { saveFile } from "../../files/localFiles";

/** Downloads a document's file under its own name. */
export function DownloadDocumentButton({ kind, doc }: { kind: DocumentKind; doc: Document }) {
  const download = useDownloadDocument(kind);
  const fileName = doc.fileName || doc.name;
  return (
    <DownloadButton
      fileName={fileName}
      loading={download.isPending}
      onClick={() =>
        download.mutate(doc.id, {
          onSuccess: (file) => file && saveFile(file.data, file.contentType, fileName),
        })
      }
    />
  );
}
