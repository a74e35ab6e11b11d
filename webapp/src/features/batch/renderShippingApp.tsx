import { Role } from "../../auth/access";
import { renderApp, type RenderOptions } from "../../test/renderApp";

/** The customer the test user ships for. */
export const bakery = { id: 5n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };

type Options = Pick<RenderOptions, "batches" | "shipments" | "customers" | "documents"> & {
  authorities?: string[];
  /** Without a customer the user has no active customer. */
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
    signedInAs: { authorities, customer: customer ?? undefined },
    customers: {
      getCustomer: () => ({ customer: { id: bakery.id, name: bakery.name } }),
      getPrinterSettings: () => ({ printerSettings: { labelType: "PDF" } }),
      ...services.customers,
    },
  });
}
