import type { CustomerInit } from "../../api/customers";
import type { Customer } from "../../gen/portal/v1/customers_pb";
import { emptySchedule, fromServer, type Schedule } from "../../shipping/autoManifest";
import { enumNameOf, enumValueOf } from "../../api/enums";
import { FulltrackVersion as FulltrackVersion, ManifestType } from "../../gen/portal/v1/vocabulary_pb";
import { ApiClient, apiClientKey, apiClientOf } from "../../shipping/apiClients";
import { LabelType, labelTypeKey, labelTypeOf } from "../../shipping/labelTypes";

/**
 * A manifesting rule as its row of inputs holds it: `hubId` is the hub's id
 * as text ("" for none), the one field that is not typed, and is kept as the
 * server sent it unless the user picks another hub.
 */
export type ManifestingRuleRow = {
  destination: string;
  product: string;
  service: string;
  additionalOptions: string;
  manifestType: string;
  hubId: string;
};

/** The customer form's state: every field of spec 3 §3 as the inputs hold it. */
export type CustomerForm = {
  name: string;
  crmid: string;
  apiUsername: string;
  senderTaxId: string;
  taxNumber: string;
  street: string;
  additionalAddress: string;
  zipCode: string;
  city: string;
  region: string;
  countryCode: string;
  phone: string;
  language: string;
  labelType: string;
  apiClient: string;
  currency: string;
  hubId: bigint;
  hubName: string;
  acssId: string;
  chargeable: boolean;
  shouldIncreaseReferenceNumber: boolean;
  manifestType: string;
  manifestEmails: string;
  sellerEori: string;
  features: { product: string; service: string; options: string }[];
  thresholds: { destination: string; eoriThreshold: string }[];
  rules: ManifestingRuleRow[];
  schedule: Schedule;
  credentials: Record<CredentialField, string>;
  fulltrackVersion: string;
  grpEnabled: boolean;
  trackingUsername: string;
};

export const credentialFields = [
  "apiPassword",
  "trackingPassword",
  "fulltrackAccessKey",
  "fulltrackRefreshToken",
  "fulltrackApiKey",
  "cognitoClientId",
  "cognitoClientSecret",
  "a1ApiKey",
  "a1Username",
  "a1Password",
  "a1ProcessingPoint",
  "shippyProApiKey",
  "grpApiUsername",
  "grpApiPassword",
] as const;

export type CredentialField = (typeof credentialFields)[number];

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function formOf(customer: Customer | null): CustomerForm {
  const credentials = Object.fromEntries(credentialFields.map((field) => [field, customer?.[field] ?? ""])) as Record<
    CredentialField,
    string
  >;
  return {
    name: customer?.name ?? "",
    crmid: customer?.crmid ?? "",
    apiUsername: customer?.apiUsername ?? "",
    senderTaxId: customer?.senderTaxId ?? "",
    taxNumber: customer?.taxNumber ?? "",
    street: customer?.address?.street ?? "",
    additionalAddress: customer?.address?.additionalAddress ?? "",
    zipCode: customer?.address?.zipCode ?? "",
    city: customer?.address?.city ?? "",
    region: customer?.address?.region ?? "",
    countryCode: customer?.address?.countryCode ?? "",
    phone: customer?.address?.phone ?? "",
    language: customer?.language || "en",
    labelType: labelTypeKey(customer?.labelType || LabelType.PDF),
    apiClient: apiClientKey(customer?.apiClient || ApiClient.SHIPPING),
    currency: customer?.currency || "EUR",
    hubId: customer?.hub?.id ?? 0n,
    hubName: customer?.hub?.name ?? "",
    acssId: customer?.acss && customer.acss.id > 0n ? String(customer.acss.id) : "",
    chargeable: customer?.isCommercialInvoiceChargeable ?? false,
    shouldIncreaseReferenceNumber: customer?.shouldIncreaseReferenceNumber ?? false,
    manifestType: enumNameOf(ManifestType, customer?.manifestType),
    manifestEmails: (customer?.manifestEmails ?? []).join(", "),
    sellerEori: customer?.sellerEori ?? "",
    features: (customer?.availableFeatures ?? []).map((f) => ({
      product: f.product,
      service: f.service,
      options: f.options.join(", "),
    })),
    thresholds: (customer?.eoriCountryThresholds ?? []).map((e) => ({
      destination: e.destination,
      eoriThreshold: String(e.eoriThreshold),
    })),
    rules: (customer?.manifestingRules ?? []).map((r) => ({
      destination: r.destination,
      product: r.product,
      service: r.service,
      additionalOptions: r.additionalOptions.join(", "),
      manifestType: enumNameOf(ManifestType, r.manifestType),
      hubId: r.hub && r.hub.id > 0n ? String(r.hub.id) : "",
    })),
    schedule: customer ? fromServer(customer.autoManifestDayTime) : emptySchedule,
    credentials,
    fulltrackVersion: enumNameOf(FulltrackVersion, customer?.fulltrackVersion),
    grpEnabled: customer?.grpEnabled ?? false,
    trackingUsername: customer?.trackingUsername ?? "",
  };
}

export function customerOf(form: CustomerForm, id: bigint | undefined): CustomerInit {
  return {
    id,
    name: form.name.trim(),
    crmid: form.crmid.trim().toUpperCase(),
    apiUsername: form.apiUsername.trim(),
    senderTaxId: form.senderTaxId,
    taxNumber: form.taxNumber,
    address: {
      street: form.street,
      additionalAddress: form.additionalAddress,
      zipCode: form.zipCode,
      city: form.city,
      region: form.region,
      countryCode: form.countryCode.trim().toUpperCase(),
      phone: form.phone,
    },
    language: form.language,
    labelType: labelTypeOf(form.labelType),
    apiClient: apiClientOf(form.apiClient),
    currency: form.currency,
    hub: form.hubId > 0n ? { id: form.hubId } : undefined,
    acss: /^[0-9]+$/.test(form.acssId) ? { id: BigInt(form.acssId) } : undefined,
    isCommercialInvoiceChargeable: form.chargeable,
    shouldIncreaseReferenceNumber: form.shouldIncreaseReferenceNumber,
    manifestType: enumValueOf(ManifestType, form.manifestType.trim()),
    manifestEmails: list(form.manifestEmails),
    sellerEori: form.sellerEori,
    availableFeatures: form.features
      .filter((f) => f.product || f.service)
      .map((f) => ({ product: f.product.trim(), service: f.service.trim(), options: list(f.options) })),
    eoriCountryThresholds: form.thresholds
      .filter((e) => e.destination)
      .map((e) => ({ destination: e.destination.trim().toUpperCase(), eoriThreshold: Number(e.eoriThreshold) || 0 })),
    manifestingRules: form.rules
      .filter((r) => r.destination || r.product || r.service)
      .map((r) => ({
        destination: r.destination.trim().toUpperCase(),
        product: r.product.trim(),
        service: r.service.trim(),
        additionalOptions: list(r.additionalOptions),
        manifestType: enumValueOf(ManifestType, r.manifestType.trim()),
        hub: /^[0-9]+$/.test(r.hubId) ? { id: BigInt(r.hubId) } : undefined,
      })),
    autoManifestDayTime: form.schedule,
    fulltrackVersion: enumValueOf(FulltrackVersion, form.fulltrackVersion),
    grpEnabled: form.grpEnabled,
    trackingUsername: form.trackingUsername,
    ...form.credentials,
  };
}
