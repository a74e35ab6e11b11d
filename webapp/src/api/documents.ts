import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { isNotFound } from "../errors/reportFailure";
import {
  type Document,
  type DocumentSchema,
  DocumentService,
  type LegalPageKind,
  type LegalPageSchema,
} from "../gen/portal/v1/documents_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The DocumentService: product-codes and CSV-template documents (spec 3 §2) and the legal pages (issue 25). */
function useDocumentClient() {
  const transport = useTransport();
  return useMemo(() => createClient(DocumentService, transport), [transport]);
}

/** The two document lists; each has the same five screens. */
export type DocumentKind = "productCodes" | "csvTemplate";

export type DocumentInit = MessageInitShape<typeof DocumentSchema>;

const listKey = (kind: DocumentKind) => ["documents", kind] as const;

/** Calls of one kind, so that the screens need not know the RPC names. */
function useKindCalls(kind: DocumentKind) {
  const client = useDocumentClient();
  return useMemo(
    () =>
      kind === "productCodes"
        ? {
            list: async (signal?: AbortSignal) => (await client.listProductCodesDocs({}, { signal })).productCodesDocs,
            get: async (id: bigint, signal?: AbortSignal) =>
              (await client.getProductCodesDoc({ id }, { signal })).document,
            create: async (document: DocumentInit) => (await client.createProductCodesDoc({ document })).document,
            update: async (document: DocumentInit) => (await client.updateProductCodesDoc({ document })).document,
            remove: async (id: bigint): Promise<void> => void (await client.deleteProductCodesDoc({ id })),
            download: async (id: bigint) => (await client.downloadProductCodesDoc({ id })).file,
          }
        : {
            list: async (signal?: AbortSignal) => (await client.listCsvTemplateDocs({}, { signal })).csvTemplateDocs,
            get: async (id: bigint, signal?: AbortSignal) =>
              (await client.getCsvTemplateDoc({ id }, { signal })).document,
            create: async (document: DocumentInit) => (await client.createCsvTemplateDoc({ document })).document,
            update: async (document: DocumentInit) => (await client.updateCsvTemplateDoc({ document })).document,
            remove: async (id: bigint): Promise<void> => void (await client.deleteCsvTemplateDoc({ id })),
            download: async (id: bigint) => (await client.downloadCsvTemplateDoc({ id })).file,
          },
    [client, kind],
  );
}

/** GET web/api/{kind}-docs: every document, newest first, without the files. */
export function useDocuments(kind: DocumentKind) {
  const calls = useKindCalls(kind);
  return useQuery({ queryKey: [...listKey(kind), "list"], queryFn: ({ signal }) => calls.list(signal) });
}

/** One document with its file. */
export function useDocument(kind: DocumentKind, id: bigint | null) {
  const calls = useKindCalls(kind);
  return useQuery({
    queryKey: [...listKey(kind), "one", String(id)],
    queryFn: async ({ signal }) => (await calls.get(id ?? 0n, signal)) ?? null,
    enabled: id !== null,
  });
}

export function useSaveDocument(kind: DocumentKind) {
  const calls = useKindCalls(kind);
  return useListMutation(listKey(kind), (document: DocumentInit): Promise<Document | undefined> =>
    document.id ? calls.update(document) : calls.create(document),
  );
}

export function useDeleteDocument(kind: DocumentKind) {
  const calls = useKindCalls(kind);
  return useListMutation(listKey(kind), (id: bigint) => calls.remove(id));
}

/** The download of one document's file: its bytes and content type. */
export function useDownloadDocument(kind: DocumentKind) {
  const calls = useKindCalls(kind);
  return useMutation({ mutationFn: (id: bigint) => calls.download(id) });
}

/**
 * The active document of a kind with its file (GET web/api/{kind}-docs/active),
 * which the batch upload offers as the CSV template and the product codes.
 */
export function useDownloadActiveDocument(kind: DocumentKind) {
  const client = useDocumentClient();
  return useMutation({
    mutationFn: async () =>
      kind === "productCodes"
        ? (await client.getActiveProductCodesDoc({})).document
        : (await client.getActiveCsvTemplateDoc({})).document,
  });
}

export type LegalPageInit = MessageInitShape<typeof LegalPageSchema>;

const legalKey = ["documents", "legal"] as const;

/** GET web/api/legal-pages: a tenant's published pages of one kind, every locale, for the staff who maintain them. */
export function useLegalPages(tenantId: bigint | null, kind: LegalPageKind) {
  const client = useDocumentClient();
  return useQuery({
    queryKey: [...legalKey, "tenant", String(tenantId), kind],
    queryFn: async ({ signal }) =>
      (await client.listLegalPages({ tenantId: tenantId ?? 0n, kind }, { signal })).legalPages,
    enabled: tenantId !== null,
  });
}

/** PUT web/api/legal-pages: publishes a page over the one of its tenant and locale. */
export function usePublishLegalPage() {
  const client = useDocumentClient();
  return useListMutation(
    legalKey,
    async (legalPage: LegalPageInit) => (await client.publishLegalPage({ legalPage })).legalPage,
  );
}

/** DELETE web/api/legal-pages/{tenantId}/{kind}/{locale}: withdraws one page. */
export function useWithdrawLegalPage() {
  const client = useDocumentClient();
  return useListMutation(legalKey, async (page: { tenantId: bigint; kind: LegalPageKind; locale: string }) => {
    await client.withdrawLegalPage(page);
  });
}

/**
 * GET web/api/legal-pages/published/{kind}: the page anybody reads, in their
 * locale or the server's fallback (the answer's locale says which); null
 * when the page is not published. The server picks the tenant.
 */
export function usePublishedLegalPage(kind: LegalPageKind, locale: string) {
  const client = useDocumentClient();
  return useQuery({
    queryKey: [...legalKey, "published", kind, locale],
    queryFn: async ({ signal }) => {
      try {
        return (await client.readLegalPage({ kind, locale }, { signal })).legalPage ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    meta: { outsideSession: true },
  });
}
