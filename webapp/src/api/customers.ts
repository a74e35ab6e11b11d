import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  type AutoManifestDayTime,
  type Customer,
  type CustomerSchema,
  CustomerService,
  type CheckApiCredentialsRequestSchema,
  type DownloadCarriersCsvRequestSchema,
} from "../gen/portal/v1/customers_pb";
import { fetchFile } from "./download";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";
import { sortDirectionOf } from "./enums";

/** The CustomerService: the customers of spec 3 §2 to §7. */
function useCustomerClient() {
  const transport = useTransport();
  return useMemo(() => createClient(CustomerService, transport), [transport]);
}

const customersKey = ["customers"] as const;

/** The grid's page sizes (spec 3 §9). */
export const customerPageSizes = [10, 25, 50, 100, 200, 500] as const;

export type CustomerPageRequest = {
  page: number;
  size: number;
  sort: "name" | "crmid";
  direction: "asc" | "desc";
  name: string;
  crmid: string;
};

/** One page of customers, filtered and sorted on the server; the total comes with it. */
export function useCustomerPage(request: CustomerPageRequest) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: [...customersKey, "page", request],
    queryFn: async ({ signal }) => {
      const { customers, totalCount } = await client.listCustomers(
        { ...request, direction: sortDirectionOf(request.direction) },
        { signal },
      );
      return { items: customers, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** A customer as the form edits it: credentials masked for admins, absent for others. */
export function useCustomer(id: bigint | null) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: [...customersKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getCustomerFull({ id: id ?? 0n }, { signal })).customer ?? null,
    enabled: id !== null,
  });
}

export type CustomerInit = MessageInitShape<typeof CustomerSchema>;

export function useCreateCustomer() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async (customer: CustomerInit): Promise<Customer | undefined> =>
      (await client.createCustomer({ customer })).customer,
  );
}

export function useUpdateCustomer() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async (customer: CustomerInit): Promise<Customer | undefined> =>
      (await client.updateCustomer({ customer })).customer,
  );
}

export function useDeleteCustomer() {
  const client = useCustomerClient();
  return useListMutation(customersKey, (id: bigint) => client.deleteCustomer({ id }));
}

export type ConsentKind = "gtc" | "ciPricing";

/** PATCH .../gtc-accepted or .../ci-pricing-accepted; a failure is a toast (spec 3 §8). */
export function useSetConsent() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async ({ id, kind, accepted }: { id: bigint; kind: ConsentKind; accepted: boolean }) =>
      kind === "gtc"
        ? (await client.setGtcAccepted({ id, accepted })).customer
        : (await client.setCiPricingAccepted({ id, accepted })).customer,
    { inlineMessages: false },
  );
}

/** POST web/api/customers/seller-eori: the invoice consent gate's seller EORIs (spec 2 §4.6). */
export function useSetSellerEoris() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async (entries: { id: bigint; sellerEori: string }[]) => client.setSellerEoris({ customers: entries }),
    { inlineMessages: true },
  );
}

/**
 * A customer as anyone who works for it may read it (GetCustomer, no
 * credentials): what the shipping screens need of the active customer, such
 * as its API client and tracking user name. Read once per customer and page visit.
 */
export function useCustomerSummary(id: bigint | null) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: [...customersKey, "summary", String(id)],
    queryFn: async ({ signal }) => (await client.getCustomer({ id: id ?? 0n }, { signal })).customer ?? null,
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

/** The active customer's printer settings: label type PDF (default) or ZPL. */
export function usePrinterSettings(id: bigint | null) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: [...customersKey, "printer", String(id)],
    queryFn: async ({ signal }) =>
      (await client.getPrinterSettings({ id: id ?? 0n }, { signal })).printerSettings?.labelType || LabelType.PDF,
    enabled: id !== null,
  });
}

export function useUpdatePrinterSettings() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async ({ id, labelType }: { id: bigint; labelType: LabelType }) =>
      (await client.updatePrinterSettings({ id, printerSettings: { labelType } })).printerSettings?.labelType,
  );
}

/** The customer's auto-manifest schedule, read with the customer. */
export function useAutoManifest(id: bigint | null) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: [...customersKey, "autoManifest", String(id)],
    queryFn: async ({ signal }) =>
      (await client.getCustomer({ id: id ?? 0n }, { signal })).customer?.autoManifestDayTime ?? null,
    enabled: id !== null,
  });
}

export function useUpdateAutoManifest() {
  const client = useCustomerClient();
  return useListMutation(
    customersKey,
    async ({
      id,
      schedule,
    }: {
      id: bigint;
      schedule: { active: boolean; time: string; days: string[] };
    }): Promise<AutoManifestDayTime | undefined> =>
      (await client.updateAutoManifest({ id, autoManifestDayTime: schedule })).autoManifestDayTime,
  );
}

export type CredentialCheck = MessageInitShape<typeof CheckApiCredentialsRequestSchema>;

/** POST web/api/customers/_check-api-credentials: true is a green check, false a red cross. */
export function useCheckCredentials() {
  const client = useCustomerClient();
  return useMutation({
    mutationFn: async (check: CredentialCheck) => (await client.checkApiCredentials(check)).valid,
    meta: { inlineMessages: true },
  });
}

/** The terms of carriage of a country as text pages, for the consent dialog's reader. */
export function useGtcPages(country: string | null) {
  const client = useCustomerClient();
  return useQuery({
    queryKey: ["gtc", country],
    queryFn: async ({ signal }) => client.getGtcPages({ country: country ?? "" }, { signal }),
    enabled: country !== null && country !== "",
    staleTime: Infinity,
  });
}

/**
 * Opens the terms PDF (GET web/api/gtc/{country}) in a new tab: the call
 * needs the bearer, so the file is fetched and shown from a blob URL.
 */
export async function openGtcDocument(country: string): Promise<void> {
  const file = await fetchFile(`/web/api/gtc/${encodeURIComponent(country)}`);
  const url = URL.createObjectURL(file.blob);
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type CarriersCsvRequest = MessageInitShape<typeof DownloadCarriersCsvRequestSchema>;

/**
 * POST web/api/customers/_download-carriers-csv: the aggregator's carrier
 * list as CSV, fetched with the API login the form shows (a masked password
 * stands for the stored one of customerId). Failures are the button's to show.
 */
export function useDownloadCarriersCsv() {
  const client = useCustomerClient();
  return useMutation({
    mutationFn: async (request: CarriersCsvRequest) => (await client.downloadCarriersCsv(request)).file,
    meta: { inlineMessages: true },
  });
}
