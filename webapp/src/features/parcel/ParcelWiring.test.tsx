import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentNotices } from "../../errors/notices";
import type { ListAddressBookEntriesRequest } from "../../gen/portal/v1/address_book_pb";
import type { CreateManifestRequest } from "../../gen/portal/v1/manifests_pb";
import type { CreateParcelRequest } from "../../gen/portal/v1/parcels_pb";
import { renderShippingApp } from "../../test/renderShippingApp";

// The printer is the user's (Browser Print, QZ Tray, a network printer): the
// pages hand ZPL to usePrintLabels, here a spy for a 300 dpi printer.
const printed = vi.hoisted(() => ({ labels: [] as string[] }));
vi.mock("../../printing/usePrintLabels", () => ({
  usePrintLabels: () => ({
    printLabels: (zpl: string) => {
      printed.labels.push(zpl);
      return Promise.resolve(true);
    },
    progress: null,
    printing: false,
    labelType: "Zebra300",
  }),
}));

const slow = { timeout: 10_000 };

const row = {
  uuid: "u-1",
  id: 11n,
  referenceNumber: "REF-11",
  receiverName: "Anna Berg",
  status: "DONE",
  labelType: "Zebra",
  hasLabel: true,
  selectable: true,
  editable: true,
  deletable: true,
};
const pdfRow = { ...row, uuid: "u-3", id: 13n, referenceNumber: "REF-13", labelType: "PDF" };

const heidi = {
  id: 7n,
  name: "Heidi Muster",
  street: "Bahnhofstrasse",
  no: "12",
  postalcode: "8001",
  city: "Zürich",
  isoCountry: "CH",
  phone: "044 123 45 67",
};

const management = {
  getProductsAndServices: () => ({
    productsAndServices: { products: [{ code: "EPAQSTD" }], services: [{ code: "CUP" }], options: [{ code: "SIGN" }] },
  }),
};

const stubFetch = (body: string, contentType: string) => {
  const fetch = vi.fn(async () => new Response(body, { headers: { "Content-Type": contentType } }));
  vi.stubGlobal("fetch", fetch);
  URL.createObjectURL = vi.fn(() => "blob:label");
  URL.revokeObjectURL = vi.fn();
  return fetch;
};

beforeEach(() => {
  printed.labels = [];
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
                  { ...row, status: "MANIFEST_CREATED", csvShipmentId: 40n, selectable: false, deletable: false },
                ],
                totalCount: 1n,
              }
            : { parcels: [row], totalCount: 1n };
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
    await screen.findByText("REF-11", {}, slow);
    expect(screen.getByRole("button", { name: "Create manifest (0)" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select parcel REF-11" }));
    const before = listed;
    await user.click(screen.getByRole("button", { name: "Create manifest (1)" }));
    await waitFor(() => expect(manifests.map((m) => m.parcelIds)).toEqual([[11n]]));
    expect(currentNotices().filter((n) => n.tone === "info" && n.duration === 4000)).toHaveLength(1);
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    const link = await screen.findByRole("link", { name: "Manifest batch 40" });
    expect(link).toHaveAttribute("href", "/batch/40");
    expect(screen.getByRole("button", { name: "Delete REF-11" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Create manifest (0)" })).toBeDisabled();
  });
});

describe("the label row action (spec 2 §2.3, §5.3)", () => {
  it("prints a ZPL label and downloads a PDF one", async () => {
    const user = userEvent.setup();
    const fetch = stubFetch("^XA^FDlabel^FS^XZ", "text/plain");
    renderShippingApp("/parcel", {
      parcels: { listParcels: () => ({ parcels: [row, pdfRow], totalCount: 2n }) },
    });
    await user.click(await screen.findByRole("button", { name: "Print the label of REF-11" }, slow));
    await waitFor(() => expect(printed.labels).toEqual(["^XA^FDlabel^FS^XZ"]));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/web\/api\/parcels\/11\/label/);

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
            entries: request.search.startsWith("Bo") ? [{ ...heidi, id: 8n, name: "Bodo Beispiel", city: "Bern" }] : [],
            totalCount: 1n,
          };
        },
      },
    });
    const name = await screen.findByRole("combobox", { name: "Receiver name *" }, slow);
    await waitFor(() => expect(name).toHaveValue("Heidi Muster"));
    expect(asked).toEqual([7n]);
    expect(document.getElementById("parcel-street")).toHaveValue("Bahnhofstrasse");
    expect(document.getElementById("parcel-postalcode")).toHaveValue("8001");
    expect(document.getElementById("parcel-phone")).toHaveValue("044 123 45 67");

    await user.clear(name);
    await user.type(name, "Bo");
    const list = await screen.findByRole("listbox", {}, slow);
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
        getPrinterSettings: () => ({ printerSettings: { labelType: "Zebra" } }),
      },
      parcels: {
        validateParcel: () => ({ validatedShipment: { valid: true } }),
        createParcel: (request) => {
          created.push(request);
          return { parcelId: 31n };
        },
        labelParcel: () => ({ errors: [], identifier: "CX31", labelType: "Zebra300" }),
      },
    });
    await user.type(await screen.findByRole("combobox", { name: "Receiver name *" }, slow), "Anna");
    await user.click(await screen.findByRole("button", { name: "Create and print" }, slow));
    await waitFor(() => expect(printed.labels).toEqual(["^XA^FDparcel^FS^XZ"]));
    expect(created[0]).toMatchObject({ customerId: 5n, labelType: "Zebra300" });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/web\/api\/parcels\/31\/label\?/);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
