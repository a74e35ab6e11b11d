import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { enumNameOf, enumValueOf } from "../api/enums";
import { ApiClient as ApiClient } from "../gen/portal/v1/vocabulary_pb";

export { ApiClient };

/** The API clients an admin filters the parcel list by (spec 2 §9): SHIPPING, A1 and the aggregator. */
export const parcelApiClients: ApiClient[] = [ApiClient.SHIPPING, ApiClient.A1, ApiClient.SHIPPYPRO];

/** The API clients a report search names (spec 2 §9): the aggregator is AGGREGATOR there. */
export const reportApiClients: ApiClient[] = [ApiClient.SHIPPING, ApiClient.A1, ApiClient.AGGREGATOR];

/** The name of every API client; vocabulary.test.ts fails when one has none. */
export const apiClientNames: Record<Exclude<ApiClient, ApiClient.API_CLIENT_UNSPECIFIED>, MessageDescriptor> = {
  [ApiClient.SHIPPING]: msg({ message: "Shipping", comment: "The portal's own shipping API client" }),
  [ApiClient.A1]: msg({ message: "A1", comment: "The A1 API client" }),
  [ApiClient.SHIPPYPRO]: msg({ message: "ShippyPro", comment: "The aggregator API client's name" }),
  [ApiClient.AGGREGATOR]: msg({ message: "Aggregator", comment: "The aggregator API client" }),
};

/** How an API client reads; "" when the server names none (a column only admins see). */
export function apiClientName(i18n: I18n, client: ApiClient | undefined): string {
  return client === undefined || client === ApiClient.API_CLIENT_UNSPECIFIED ? "" : i18n._(apiClientNames[client]);
}

/** The API client a name (as a URL or the report search's JSON carries it) stands for. */
export function apiClientOf(name: string | null | undefined): ApiClient | undefined {
  return enumValueOf(ApiClient, name);
}

/** An API client's name as the contract spells it. */
export function apiClientKey(client: ApiClient): string {
  return enumNameOf(ApiClient, client);
}
