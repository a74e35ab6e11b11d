import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { CaptchaService } from "../gen/portal/v1/captcha_pb";
import { useTransport } from "./TransportContext";

/**
 * A fresh challenge of the portal's self-hosted captcha. Each answer counts
 * once and expires, so nothing is cached: `round` asks for a new one.
 */
export function useCaptchaChallenge(round: number, enabled: boolean) {
  const transport = useTransport();
  const client = useMemo(() => createClient(CaptchaService, transport), [transport]);
  return useQuery({
    queryKey: ["captcha", "challenge", round],
    queryFn: async ({ signal }) => (await client.getChallenge({}, { signal })).challenge ?? null,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { outsideSession: true },
  });
}
