import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { currentNotices } from "../../errors/notices";
import type { ListAddressBookEntriesRequest } from "../../gen/portal/v1/address_book_pb";
import type { CreateManifestRequest } from "../../gen/portal/v1/manifests_pb";
import {
  type CreateParcelRequest,
  type DeleteParcelRequest,
  type ListParcelsRequest,
  type ValidateParcelRequest,
  ParcelRow_Status,
} from "../../gen/portal/v1/parcels_pb";
import { heidi } from "../../test/addressBookEntries";
import { renderShippingApp } from "../../test/renderShippingApp";
import type { Printable } from "../../printing/port";
import {
  ApiClient,
  LabelType,
  ParcelManifestFilter_Value,
  ParcelSourceFilter_Value,
} from "../../gen/portal/v1/vocabulary_pb";

// The printer is the user's (Browser Print, QZ Tray, a network printer): the
// pages hand the labels (what they are, and how to fetch their ZPL) to
// usePrintLabels, here a spy for a 300 dpi printer that fetches the ZPL as an
// agent's print does.
const printed = vi.hoisted(() => ({ labels: [] as string[], selections: [] as unknown[] }));
vi.mock("../../printing/usePrintLabels", () => ({
  usePrintLabels: () => ({
    printLabels: async (labels: Printable) => {
      printed.selections.push(labels.selection);
      printed.labels.push(await labels.zpl());
      return true;
    },
    progress: null,
    printing: false,
    labelType: LabelType.Zebra300,
  }),
}));

const open = {
  uuid: "u-1",
  id: 11n,
  referenceNumber: "REF-11",
  sequenceNumber: "CX11",
  receiverName: "Anna Berg",
  product: "EPAQSTD",
  destination: "DE",
  status: ParcelRow_Status.DONE,
  labelType: LabelType.PDF,
  apiClient: ApiClient.SHIPPING,
  hasLabel: true,
  hasCustomsDoc: true,
  selectable: true,
  editable: true,
  deletable: true,
};
const manifested = {
  ...open,
  uuid: "u-2",
  id: 12n,
  referenceNumber: "REF-12",
  status: ParcelRow_Status.MANIFEST_CREATED,
  csvShipmentId: 7n,
  manifestId: 7n,
  hasCustomsDoc: false,
  selectable: false,
  editable: false,
  deletable: false,
};

const management = {
  getProductsAndServices: () => ({
    productsAndServices: { products: [{ code: "EPAQSTD" }], services: [{ code: "CUP" }], options: [{ code: "SIGN" }] },
  }),
};

const cell = (value: string, message?: string) => ({ value, violations: message ? [{ message }] : [] });

describe("the parcel list (spec 2 §2.3)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("pages 100 newest first, offers only selectable rows and the spec's disabled actions", async () => {
    const user = userEvent.setup();
    const requests: ListParcelsRequest[] = [];
    renderShippingApp("/parcel", {
      parcels: {
        listParcels: (request) => {
          requests.push(request);
          return { parcels: [open, manifested], totalCount: 2n };
        },
      },
    });
    expect(await screen.findByText("REF-11", {})).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      customerId: 5n,
      page: 0,
      pageSize: 100,
      manifestFilter: ParcelManifestFilter_Value.ALL,
      parcelSourceFilter: ParcelSourceFilter_Value.ALL,
      apiClientFilter: ApiClient.API_CLIENT_UNSPECIFIED,
    });
    expect(screen.getByRole("checkbox", { name: "Select parcel REF-11" })).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: "Select parcel REF-12" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Edit REF-11" })).toHaveAttribute("href", "/parcel/11/edit");
    expect(screen.getByRole("button", { name: "Edit REF-12" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete REF-12" })).toBeDisabled();
    expect(screen.getByRole("link", { name: /Manifest batch 7$/ })).toHaveAttribute("href", "/batch/7");
    expect(screen.getByRole("button", { name: "Download the customs declaration of REF-11" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download the customs declaration of REF-12" })).toBeNull();
    // Users neither filter by API client nor bulk delete.
    expect(screen.queryByRole("combobox", { name: "API client" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete selected/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Parcel" })).toHaveAttribute("href", "/parcel");

    await user.click(screen.getByRole("combobox", { name: "Manifest" }));
    await user.click(await screen.findByRole("option", { name: "Not manifested" }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ manifestFilter: ParcelManifestFilter_Value.NOT_MANIFESTED, page: 0 }),
    );
  });

  it("lets admins filter by API client and delete the selected parcels", async () => {
    const user = userEvent.setup();
    const deleted: bigint[][] = [];
    renderShippingApp("/parcel", {
      authorities: [Role.admin],
      parcels: {
        listParcels: () => ({ parcels: [open, manifested], totalCount: 2n }),
        bulkDeleteParcels: (request) => {
          deleted.push(request.ids);
          return { deletedIds: request.ids, errors: [] };
        },
      },
    });
    expect(await screen.findByText("REF-11", {})).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "API client" })).toBeInTheDocument();
    const bulk = screen.getByRole("button", { name: "Delete selected (0)" });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select all parcels of this page" }));
    await user.click(screen.getByRole("button", { name: "Delete selected (1)" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual([[11n]]));
  });

  it("deletes one parcel through its confirmation", async () => {
    const user = userEvent.setup();
    const deletes: DeleteParcelRequest[] = [];
    renderShippingApp("/parcel/11/delete", {
      parcels: {
        listParcels: () => ({ parcels: [open], totalCount: 1n }),
        getParcel: () => ({ parcelId: 11n, parcel: open, customerId: 5n }),
        deleteParcel: (request) => {
          deletes.push(request);
          return {};
        },
      },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    expect(await within(dialog).findByText(/delete the parcel REF-11\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deletes.map((d) => d.id)).toEqual([11n]));
  });
});

describe("the parcel form and its label flow (spec 2 §4.5, §5.4)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const stubDownload = () => {
    const fetch = vi.fn(
      async () =>
        new Response("%PDF", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="label-31.pdf"' },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    URL.createObjectURL = vi.fn(() => "blob:label");
    URL.revokeObjectURL = vi.fn();
    return fetch;
  };

  it("validates, creates, labels, downloads the PDF and resets the form", async () => {
    const user = userEvent.setup();
    const fetch = stubDownload();
    const validated: ValidateParcelRequest[] = [];
    const created: CreateParcelRequest[] = [];
    const labelled: bigint[] = [];
    renderShippingApp("/parcel/new", {
      management,
      parcels: {
        validateParcel: (request) => {
          validated.push(request);
          return { validatedShipment: { valid: true, fields: { name: cell("Anna"), city: cell("Berlin") } } };
        },
        createParcel: (request) => {
          created.push(request);
          return { parcelId: 31n };
        },
        labelParcel: (request) => {
          labelled.push(request.id);
          return { errors: [], identifier: "CX31", labelType: LabelType.PDF };
        },
      },
    });
    const name = await screen.findByRole("combobox", { name: "Receiver name *" });
    await user.type(name, "  Anna ");
    await user.click(screen.getByRole("button", { name: "Create and download" }));
    await waitFor(() => expect(labelled).toEqual([31n]));
    expect(validated[0]).toMatchObject({ customerId: 5n, csvShipmentDto: { name: "  Anna " } });
    expect(created[0]).toMatchObject({ customerId: 5n, labelType: LabelType.PDF, csvShipmentDto: { name: "  Anna " } });
    await waitFor(() =>
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/web\/api\/parcels\/31\/label\?/),
    );
    await waitFor(() => expect(currentNotices().some((n) => n.text.id !== undefined)).toBe(true));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Receiver name *" })).toHaveValue(""));
  });

  it("stops an invalid form at the alert and the proceed-anyway dialog, violations under the fields", async () => {
    const user = userEvent.setup();
    stubDownload();
    const created: CreateParcelRequest[] = [];
    renderShippingApp("/parcel/new", {
      management,
      parcels: {
        validateParcel: () => ({
          validatedShipment: {
            valid: false,
            fields: { name: cell("Anna"), postalcode: cell("", "error.shipment.mandatory") },
          },
        }),
        createParcel: (request) => {
          created.push(request);
          return { parcelId: 32n };
        },
        labelParcel: () => ({ errors: [{ message: "error.carrier.unavailable" }] }),
      },
    });
    await user.type(await screen.findByRole("combobox", { name: "Receiver name *" }), "Anna");
    await user.click(screen.getByRole("button", { name: "Create and download" }));
    expect(await screen.findByText("The parcel is not valid. Please correct the marked fields.")).toBeInTheDocument();
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Validation failed")).toBeInTheDocument();
    // The dialog hides the page from screen readers while open; the field is marked under it.
    expect(document.getElementById("parcel-postalcode")).toHaveAttribute("aria-invalid", "true");
    expect(created).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Proceed anyway" }));
    await waitFor(() => expect(created).toHaveLength(1));
    // The carrier's refusal comes as an error toast; the form keeps its values.
    await waitFor(() => expect(currentNotices().length).toBeGreaterThan(0));
    expect(document.getElementById("parcel-name")).toHaveValue("Anna");
  });

  it("shows a manifested parcel read-only, without save", async () => {
    renderShippingApp("/parcel/12/edit", {
      management,
      parcels: {
        getParcel: () => ({
          parcelId: 12n,
          customerId: 5n,
          labelType: LabelType.PDF,
          parcel: manifested,
          csvShipmentDto: { name: "Anna", city: "Berlin" },
          validatedShipment: { valid: true },
        }),
      },
    });
    const name = await screen.findByRole("textbox", { name: "Receiver name *" });
    expect(name).toHaveValue("Anna");
    expect(name).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Create and download" })).toBeNull();
  });
});

const zplRow = { ...open, labelType: LabelType.Zebra, hasCustomsDoc: false };
const pdfRow = { ...open, uuid: "u-3", id: 13n, referenceNumber: "REF-13" };

const stubFetch = (body: string, contentType: string) => {
  const fetch = vi.fn(async () => new Response(body, { headers: { "Content-Type": contentType } }));
  vi.stubGlobal("fetch", fetch);
  URL.createObjectURL = vi.fn(() => "blob:label");
  URL.revokeObjectURL = vi.fn();
  return fetch;
};

describe("the parcel pages wired to manifests, printing and the address book", () => {
  beforeEach(() => {
    printed.labels = [];
    printed.selections = [];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe("create manifest on the parcel list (spec 2 §2.3, §4.4)", () => {
    it("manifests the selected parcels, tells so for 4 s and reloads the list", async () => {
      const user = userEvent.setup();
      const manifests: CreateManifestRequest[] = [];
      let listed = 0;
      let manifested = false;
      renderShippingApp("/parcel", {
        parcels: {
          listParcels: () => {
            listed++;
            return manifested
              ? {
                  parcels: [
                    {
                      ...zplRow,
                      status: ParcelRow_Status.MANIFEST_CREATED,
                      csvShipmentId: 40n,
                      selectable: false,
                      deletable: false,
                    },
                  ],
                  totalCount: 1n,
                }
              : { parcels: [zplRow], totalCount: 1n };
          },
        },
        manifests: {
          createManifest: (request) => {
            manifests.push(request);
            manifested = true;
            return { batchIds: [40n] };
          },
        },
      });
      await screen.findByText("REF-11", {});
      expect(screen.getByRole("button", { name: "Create manifest (0)" })).toBeDisabled();
      await user.click(screen.getByRole("checkbox", { name: "Select parcel REF-11" }));
      const before = listed;
      await user.click(screen.getByRole("button", { name: "Create manifest (1)" }));
      await waitFor(() => expect(manifests.map((m) => m.parcelIds)).toEqual([[11n]]));
      expect(currentNotices().filter((n) => n.tone === "info" && n.duration === 4000)).toHaveLength(1);
      await waitFor(() => expect(listed).toBeGreaterThan(before));
      const link = await screen.findByRole("link", { name: /Manifest batch 40$/ });
      expect(link).toHaveAttribute("href", "/batch/40");
      // The focus lands on what the manifest changed, the parcel's link to its batch, not on the page (issue 25).
      await waitFor(() => expect(link).toHaveFocus());
      expect(screen.getByRole("button", { name: "Delete REF-11" })).toBeDisabled();
      expect(screen.getByRole("button", { name: "Create manifest (0)" })).toBeDisabled();
    });
  });

  describe("the label row action (spec 2 §2.3, §5.3)", () => {
    it("prints a ZPL label and downloads a PDF one", async () => {
      const user = userEvent.setup();
      const fetch = stubFetch("^XA^FDlabel^FS^XZ", "text/plain");
      renderShippingApp("/parcel", {
        parcels: { listParcels: () => ({ parcels: [zplRow, pdfRow], totalCount: 2n }) },
      });
      await user.click(await screen.findByRole("button", { name: "Print the label of REF-11" }));
      await waitFor(() => expect(printed.labels).toEqual(["^XA^FDlabel^FS^XZ"]));
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/web\/api\/parcels\/11\/label/);
      expect(printed.selections).toEqual([{ case: "parcels", value: { ids: [11n] } }]);

      stubFetch("%PDF", "application/pdf");
      await user.click(screen.getByRole("button", { name: "Download the label of REF-13" }));
      await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
      expect(printed.labels).toHaveLength(1);
    });
  });

  describe("the parcel form with the address book and the printer (spec 2 §2.3, §4.5)", () => {
    it("fills a new parcel from ?addressId= and suggests entries for the typed name", async () => {
      const user = userEvent.setup();
      const searches: ListAddressBookEntriesRequest[] = [];
      const asked: bigint[] = [];
      renderShippingApp("/parcel/new?addressId=7", {
        management,
        addressBook: {
          getAddressBookEntry: (request) => {
            asked.push(request.id);
            return { entry: heidi };
          },
          listAddressBookEntries: (request) => {
            searches.push(request);
            return {
              entries: request.search.startsWith("Bo")
                ? [{ ...heidi, id: 8n, name: "Bodo Beispiel", city: "Bern" }]
                : [],
              totalCount: 1n,
            };
          },
        },
      });
      const name = await screen.findByRole("combobox", { name: "Receiver name *" });
      await waitFor(() => expect(name).toHaveValue("Heidi Muster"));
      expect(asked).toEqual([7n]);
      expect(document.getElementById("parcel-street")).toHaveValue("Bahnhofstrasse");
      expect(document.getElementById("parcel-postalcode")).toHaveValue("8001");
      expect(document.getElementById("parcel-phone")).toHaveValue("044 123 45 67");

      await user.clear(name);
      await user.type(name, "Bo");
      const list = await screen.findByRole("listbox", {});
      expect(searches.at(-1)).toMatchObject({ customerId: 5n, search: "Bo" });
      await user.click(within(list).getByRole("option", { name: /Bodo Beispiel/ }));
      expect(name).toHaveValue("Bodo Beispiel");
      expect(document.getElementById("parcel-city")).toHaveValue("Bern");
    });

    it("creates a ZPL parcel for the printer's resolution and prints its label", async () => {
      const user = userEvent.setup();
      const fetch = stubFetch("^XA^FDparcel^FS^XZ", "text/plain");
      const created: CreateParcelRequest[] = [];
      renderShippingApp("/parcel/new", {
        management,
        customers: {
          getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei Sonnenschein" } }),
          getPrinterSettings: () => ({ printerSettings: { labelType: LabelType.Zebra } }),
        },
        parcels: {
          validateParcel: () => ({ validatedShipment: { valid: true } }),
          createParcel: (request) => {
            created.push(request);
            return { parcelId: 31n };
          },
          labelParcel: () => ({ errors: [], identifier: "CX31", labelType: LabelType.Zebra300 }),
        },
      });
      await user.type(await screen.findByRole("combobox", { name: "Receiver name *" }), "Anna");
      await user.click(await screen.findByRole("button", { name: "Create and print" }));
      await waitFor(() => expect(printed.labels).toEqual(["^XA^FDparcel^FS^XZ"]));
      expect(printed.selections).toEqual([{ case: "parcels", value: { ids: [31n] } }]);
      expect(created[0]).toMatchObject({ customerId: 5n, labelType: LabelType.Zebra300 });
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/web\/api\/parcels\/31\/label\?/);
      expect(URL.createObjectURL).not.toHaveBeenCalled();
    });
  });
});
