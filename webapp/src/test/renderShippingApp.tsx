import { Role } from "../auth/access";
import { renderApp, type RenderOptions } from "./renderApp";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";

/** The customer the test user ships for. */
export const bakery = { id: 5n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };
const bookshop = { id: 6n, name: "Buchhandlung Seitenwind", crmid: "DE10000002", hubCountryCode: "DE" };

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
   * Without a customer the user acts for a fulfillment and has not chosen
   * one of its customers yet: no active customer. (A user without any link
   * sees only that its access is being set up.)
   */
  customer?: typeof bakery | null;
};

/**
 * renderApp for a signed-in user (ROLE_USER unless told otherwise) who
 * ships for `bakery`, whose customer service answers the bakery and its
 * PDF printer settings unless the test says otherwise.
 */
export function renderShippingApp(
  path: string,
  { authorities = [Role.user], customer = bakery, ...services }: Options = {},
) {
  return renderApp(path, {
    ...services,
    signedInAs:
      customer === null
        ? { authorities, fulfillment: { id: 9n, name: "Rhein Fulfillment", customers: [bakery, bookshop] } }
        : { authorities, customer },
    customers: {
      getCustomer: () => ({ customer: { id: bakery.id, name: bakery.name } }),
      getPrinterSettings: () => ({ printerSettings: { labelType: LabelType.PDF } }),
      ...services.customers,
    },
  });
}
