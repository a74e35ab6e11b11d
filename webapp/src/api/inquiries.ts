import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { InquiryService, type SubmitParcelInquiryRequestSchema } from "../gen/portal/v1/inquiries_pb";
import { useTransport } from "./TransportContext";

/** The InquiryService: parcel inquiries and the newsletter (spec 3 §2, §7). */
function useInquiryClient() {
  const transport = useTransport();
  return useMemo(() => createClient(InquiryService, transport), [transport]);
}

export type InquiryRequest = MessageInitShape<typeof SubmitParcelInquiryRequestSchema>;

/** GET web/api/parcel-inquiry/tenants/{tenantId}: the tenant's name and address; anybody may ask. */
export function useInquiryTenant(tenantId: bigint | null) {
  const client = useInquiryClient();
  return useQuery({
    queryKey: ["inquiry", "tenant", String(tenantId)],
    queryFn: async ({ signal }) =>
      (await client.getInquiryTenant({ tenantId: tenantId ?? 0n }, { signal })).tenant ?? null,
    enabled: tenantId !== null,
    retry: false,
    meta: { outsideSession: true },
  });
}

/** The header that carries an anonymous visitor's captcha answer: the server checks it before it reads the form. */
export const captchaHeader = "X-Captcha-Token";

/**
 * POST web/api/parcel-inquiry: files the inquiry; the answer's body is not
 * read. The captcha answer travels in the X-Captcha-Token header, never in
 * the form.
 */
export function useSubmitInquiry() {
  const client = useInquiryClient();
  return useMutation({
    mutationFn: async ({ request, captchaToken }: { request: InquiryRequest; captchaToken: string }) => {
      await client.submitParcelInquiry(request, captchaToken ? { headers: { [captchaHeader]: captchaToken } } : {});
    },
    meta: { outsideSession: true },
  });
}

/** GET web/api/parcel-inquiry/{trackingId}/pdf_document: the latest inquiry's PDF. */
export function useInquiryPdf() {
  const client = useInquiryClient();
  return useMutation({
    mutationFn: async (trackingId: string) => (await client.getParcelInquiryPdf({ trackingId })).file?.data ?? null,
  });
}

/**
 * POST web/api/newsletter-subscription {email, company, language}: the
 * address is mailed a link in the language and subscribed once it is used.
 */
export function useSubscribeNewsletter() {
  const client = useInquiryClient();
  return useMutation({
    mutationFn: async (request: { email: string; company: string; language: string }) => {
      await client.subscribeNewsletter(request);
    },
    meta: { inlineMessages: true },
  });
}

/**
 * POST web/api/newsletter-subscription/confirm {token}, once per token: the
 * page may render twice, and a second use confirms nothing new.
 */
export function useConfirmNewsletter(token: string) {
  const client = useInquiryClient();
  return useQuery({
    queryKey: ["newsletter", "confirm", token],
    queryFn: async () => {
      await client.confirmNewsletterSubscription({ token });
      return true;
    },
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { outsideSession: true },
  });
}
