import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CustomsDocumentService } from "../gen/portal/v1/customsdocs_pb";
import { cacheBuster, type DownloadedFile, fetchFile } from "./download";
import { useTransport } from "./TransportContext";

/** The CustomsDocumentService: the customs documents page (spec 2 §2.6, §7). */
export function useCustomsDocumentClient() {
  const transport = useTransport();
  return useMemo(() => createClient(CustomsDocumentService, transport), [transport]);
}

const customsDocsKey = ["customsDocuments"] as const;

/** The zip's name when the server names none (spec 2 §7). */
export const bulkFileName = "customs-documents.zip";

/** A document's name when the server names none (spec 2 §7). */
export const documentFileName = "document.pdf";

/** The most documents one bulk download may name (the server's limit). */
export const maxBulkDocuments = 200;

/** GET web/api/customs-documents?crmId=: the documents of the active customer's CRM id, newest first. */
export function useCustomsDocuments(crmId: string) {
  const client = useCustomsDocumentClient();
  return useQuery({
    queryKey: [...customsDocsKey, crmId],
    queryFn: async ({ signal }) => (await client.listCustomsDocuments({ crmId }, { signal })).customsDocuments,
    // The page says 'loading failed' itself (spec 2 §8).
    meta: { inlineMessages: true },
  });
}

/** GET web/api/customs-documents/{id}: one document under the server's file name; the list reloads after. */
export function useDownloadCustomsDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: bigint) => fetchFile(`/web/api/customs-documents/${id}`, { cacheBuster: cacheBuster() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customsDocsKey }),
    meta: { inlineMessages: true },
  });
}

/**
 * POST web/api/customs-documents/bulk-download: the selection as one zip, which the server streams in pieces (the
 * first names the content type); the pieces become one file without being copied together. The list reloads after.
 */
export function useBulkDownloadCustomsDocuments() {
  const client = useCustomsDocumentClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentIds: bigint[]): Promise<DownloadedFile> => {
      const pieces: Uint8Array<ArrayBuffer>[] = [];
      let contentType = "application/zip";
      for await (const piece of client.bulkDownloadCustomsDocuments({ documentIds })) {
        contentType = piece.file?.contentType || contentType;
        pieces.push((piece.file?.data ?? new Uint8Array()) as Uint8Array<ArrayBuffer>);
      }
      return { blob: new Blob(pieces, { type: contentType }), contentType, fileName: bulkFileName };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customsDocsKey }),
    meta: { inlineMessages: true },
  });
}

/** POST web/api/customs-documents: an admin's upload of a PDF for a CRM id; the list reloads after. */
export function useUploadCustomsDocument() {
  const client = useCustomsDocumentClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: { crmId: string; identifier: string; filename: string; content: Uint8Array }) =>
      (await client.uploadCustomsDocument(upload)).customsDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customsDocsKey }),
    meta: { inlineMessages: true },
  });
}
