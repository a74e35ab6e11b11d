import type { ServiceImpl } from "@connectrpc/connect";
import { Role } from "../../auth/access";
import type { BatchService } from "../../gen/portal/v1/batches_pb";
import type { CustomerService } from "../../gen/portal/v1/customers_pb";
import type { DocumentService } from "../../gen/portal/v1/documents_pb";
import type { ShipmentService } from "../../gen/portal/v1/shipments_pb";
import { renderApp } from "../../test/renderApp";

/** The customer the test user ships for. */
export const bakery = { id: 5n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };

type Options = {
  batches?: Partial<ServiceImpl<typeof BatchService>>;
  shipments?: Partial<ServiceImpl<typeof ShipmentService>>;
  customers?: Partial<ServiceImpl<typeof CustomerService>>;
  documents?: Partial<ServiceImpl<typeof DocumentService>>;
  authorities?: string[];
  /** Without a customer the user has no active customer. */
  customer?: typeof bakery | null;
};

/**
 * renderApp for a signed-in user (ROLE_USER unless told otherwise) who
 * ships for `bakery`, whose customer service answers the bakery and its
 * PDF printer settings unless the test says otherwise.
 */
export function renderShippingApp(path: string, options: Options = {}) {
  const customer = options.customer === undefined ? bakery : options.customer;
  return renderApp(path, {
    signedInAs: { authorities: options.authorities ?? [Role.user], customer: customer ?? undefined },
    batches: options.batches,
    shipments: options.shipments,
    customers: {
      getCustomer: () => ({ customer: { id: bakery.id, name: bakery.name } }),
      getPrinterSettings: () => ({ printerSettings: { labelType: "PDF" } }),
      ...options.customers,
    },
    documents: options.documents,
  });
}
