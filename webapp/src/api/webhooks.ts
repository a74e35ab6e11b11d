import { createClient } from "@connectrpc/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type WebhookEvent_Type, WebhookService } from "../gen/portal/v1/webhooks_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The WebhookService: a customer's webhook endpoints, their delivery logs and test events. */
export function useWebhookClient() {
  const transport = useTransport();
  return useMemo(() => createClient(WebhookService, transport), [transport]);
}

const webhooksKey = ["webhookEndpoints"] as const;
const deliveriesKey = ["webhookDeliveries"] as const;

/** GET web/api/customers/{id}/webhooks: the customer's endpoints, without secrets. */
export function useWebhookEndpoints(customerId: bigint | null) {
  const client = useWebhookClient();
  return useQuery({
    queryKey: [...webhooksKey, String(customerId)],
    queryFn: async ({ signal }) =>
      (await client.listWebhookEndpoints({ customerId: customerId ?? 0n }, { signal })).endpoints,
    enabled: customerId !== null,
  });
}

/** GET web/api/customers/{id}/webhooks/{id}/deliveries: an endpoint's newest deliveries. */
export function useWebhookDeliveries(customerId: bigint | null, id: bigint | null) {
  const client = useWebhookClient();
  return useQuery({
    queryKey: [...deliveriesKey, String(customerId), String(id)],
    queryFn: async ({ signal }) =>
      (await client.listWebhookDeliveries({ customerId: customerId ?? 0n, id: id ?? 0n }, { signal })).deliveries,
    enabled: customerId !== null && id !== null,
    refetchInterval: 5000,
  });
}

export type NewWebhookEndpoint = { customerId: bigint; url: string; description: string; events: WebhookEvent_Type[] };

/** Registers an endpoint; the answer carries its secret, shown only now. */
export function useCreateWebhookEndpoint() {
  const client = useWebhookClient();
  return useListMutation(webhooksKey, ({ customerId, ...endpoint }: NewWebhookEndpoint) =>
    client.createWebhookEndpoint({ customerId, endpoint }),
  );
}

export function useSetWebhookEndpointEnabled() {
  const client = useWebhookClient();
  return useListMutation(
    webhooksKey,
    (input: { customerId: bigint; id: bigint; enabled: boolean }) => client.setWebhookEndpointEnabled(input),
    { inlineMessages: false },
  );
}

export function useDeleteWebhookEndpoint() {
  const client = useWebhookClient();
  return useListMutation(
    webhooksKey,
    (input: { customerId: bigint; id: bigint }) => client.deleteWebhookEndpoint(input),
    {
      inlineMessages: false,
    },
  );
}

/** Sends a test event to one endpoint; its delivery log is read again. */
export function useSendWebhookTestEvent() {
  const client = useWebhookClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerId: bigint; id: bigint }) => client.sendWebhookTestEvent(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}
