import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ManifestService } from "../gen/portal/v1/manifests_pb";
import { useCreateManifest } from "./manifests";
import { TransportContext } from "./TransportContext";

function setup(createManifest: (ids: bigint[]) => bigint[]) {
  const seen: bigint[][] = [];
  const transport = createRouterTransport((router) => {
    router.service(ManifestService, {
      createManifest: (req) => {
        seen.push(req.parcelIds);
        return { batchIds: createManifest(req.parcelIds) };
      },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(["batches", "page"], { items: [] });
  queryClient.setQueryData(["parcels", "page"], { items: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TransportContext.Provider value={transport}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TransportContext.Provider>
  );
  return { seen, queryClient, ...renderHook(() => useCreateManifest(), { wrapper }) };
}

describe("useCreateManifest", () => {
  it("sends the selected parcel ids, answers the batches made and refreshes the batch and parcel lists", async () => {
    const { result, seen, queryClient } = setup(() => [41n, 42n]);
    let made: bigint[] = [];
    await act(async () => {
      made = await result.current.mutateAsync([7n, 9n]);
    });
    expect(seen).toEqual([[7n, 9n]]);
    expect(made).toEqual([41n, 42n]);
    await waitFor(() => {
      expect(queryClient.getQueryState(["batches", "page"])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(["parcels", "page"])?.isInvalidated).toBe(true);
    });
  });

  it("hands a refusal on with its key and refreshes nothing", async () => {
    const { result, queryClient } = setup(() => {
      throw new ConnectError("error.manifest.alreadyManifested", Code.FailedPrecondition);
    });
    await act(async () => {
      await expect(result.current.mutateAsync([7n])).rejects.toThrow("error.manifest.alreadyManifested");
    });
    expect(queryClient.getQueryState(["batches", "page"])?.isInvalidated).toBe(false);
  });
});
