import { createRouterTransport } from "@connectrpc/connect";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { InquiryService } from "../gen/portal/v1/inquiries_pb";
import { captchaHeader, useSubmitInquiry } from "./inquiries";
import { TransportContext } from "./TransportContext";

// The server checks an anonymous visitor's captcha answer before it reads
// the form (issue 22): the answer must travel in the header, not the body.
describe("useSubmitInquiry", () => {
  it("sends the captcha answer in the X-Captcha-Token header, not in the form", async () => {
    const seen: { header: string | null; bodyToken: string }[] = [];
    const transport = createRouterTransport((router) => {
      router.service(InquiryService, {
        submitParcelInquiry: (request, context) => {
          seen.push({ header: context.requestHeader.get(captchaHeader), bodyToken: request.reCaptchaToken });
          return { id: 1n };
        },
      });
    });
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TransportContext.Provider value={transport}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </TransportContext.Provider>
    );
    const { result } = renderHook(() => useSubmitInquiry(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ request: { trackingNumber: "CP1DE" }, captchaToken: "answer" });
      await result.current.mutateAsync({ request: { trackingNumber: "CP2DE" }, captchaToken: "" });
    });
    expect(seen).toEqual([
      { header: "answer", bodyToken: "" },
      { header: null, bodyToken: "" },
    ]);
  });
});
