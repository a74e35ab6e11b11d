import { Role } from "../auth/access";
import { renderApp, type RenderOptions } from "./renderApp";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";

/** The customer the test user ships for. */
export const bakery = { id: 5n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };

type Options = Pick<
  RenderOptions,
  | "batches"
  | "shipments"
  | "parcels"
  | "customers"
  | "documents"
  | "management"
  | "tracking"
  | "dashboard"
  | "news"
  | "addressBook"
  | "reports"
  | "reportDetails"
  | "manifests"
  | "customsDocs"
  | "printers"
> & {
  authorities?: Role[];
  /**
   * Without a customer the caller is staff with no customer to act for
   * (ROLE_OPERATIONS unless told otherwise): no active customer. (A
   * fulfillment user always has one, the first preselected; a user without
   * any link sees only that its access is being set up.)
   */
  customer?: typeof bakery | null;
};

/**
 * renderApp for a signed-in user (ROLE_USER unless told otherwise) who
 * ships for `bakery`, whose customer service answers the bakery and its
 * PDF printer settings unless the test says otherwise.
 */
export function renderShippingApp(path: string, { authorities, customer = bakery, ...services }: Options = {}) {
  return renderApp(path, {
    ...services,
    signedInAs:
      customer === null
        ? { authorities: authorities ?? [Role.operations] }
        : { authorities: authorities ?? [Role.user], customer },
    customers: {
      getCustomer: () => ({ customer: { id: bakery.id, name: bakery.name } }),
      getPrinterSettings: () => ({ printerSettings: { labelType: LabelType.PDF } }),
      ...services.customers,
    },
  });
}
