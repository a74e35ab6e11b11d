import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  CreateAddressBookEntryRequest,
  DeleteAddressBookEntryRequest,
  ImportAddressBookRequest,
  ListAddressBookEntriesRequest,
} from "../../gen/portal/v1/address_book_pb";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { currentNotices } from "../../errors/notices";
import { portalFailure } from "../../test/connectErrors";
import { renderShippingApp } from "../../test/renderShippingApp";

const heidi = {
  id: 7n,
  customerId: 5n,
  recipientNumber: "K-1001",
  name: "Heidi Muster",
  contact: "Empfang",
  street: "Bahnhofstrasse",
  no: "12",
  postalcode: "8001",
  city: "Zürich",
  isoCountry: "CH",
  email: "heidi@example.ch",
  mobile: "+41 79 123 45 67",
};

describe("address book (spec 2 §2.5)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the active customer's entries 20 a page, searches on the server and opens a parcel for an entry", async () => {
    const user = userEvent.setup();
    const requests: ListAddressBookEntriesRequest[] = [];
    renderShippingApp("/address-book", {
      addressBook: {
        listAddressBookEntries: (request) => {
          requests.push(request);
          return { entries: [heidi], totalCount: 1n };
        },
      },
    });
    expect(await screen.findByRole("link", { name: "Heidi Muster" })).toHaveAttribute("href", "/address-book/7");
    expect(requests[0]).toMatchObject({ customerId: 5n, page: 0, pageSize: 20, search: "" });
    expect(screen.getByRole("cell", { name: "Switzerland" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a parcel for Heidi Muster" })).toHaveAttribute(
      "href",
      "/parcel/new?addressId=7",
    );
    expect(screen.getByRole("link", { name: "Edit Heidi Muster" })).toHaveAttribute("href", "/address-book/7/edit");
    expect(screen.getByRole("link", { name: "Import" })).toHaveAttribute("href", "/address-book/import");
    await user.type(screen.getByRole("textbox", { name: "Search" }), "zür");
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ search: "zür", page: 0 }));
  });

  it("shows the country's name on the detail page, not the e-mail", async () => {
    renderShippingApp("/address-book/7", { addressBook: { getAddressBookEntry: () => ({ entry: heidi }) } });
    expect(await screen.findByRole("heading", { name: "Address book entry Heidi Muster" })).toBeInTheDocument();
    expect(screen.getByText("Switzerland (CH)")).toBeInTheDocument();
    expect(screen.getByText("heidi@example.ch")).toBeInTheDocument();
    expect(screen.getByText("K-1001")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/address-book/7/edit");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/address-book");
  });

  it("requires the mandatory fields and a country, then saves and goes back to the list", async () => {
    const user = userEvent.setup();
    const created: CreateAddressBookEntryRequest[] = [];
    renderShippingApp("/address-book/new", {
      addressBook: {
        createAddressBookEntry: (request) => {
          created.push(request);
          return { entry: { name: request.entry?.name, id: 8n } };
        },
        listAddressBookEntries: () => ({ entries: [], totalCount: 0n }),
      },
    });
    const save = await screen.findByRole("button", { name: "Save" });
    await user.click(save);
    expect(await screen.findAllByText("This field must not be empty.")).toHaveLength(5);
    expect(created).toHaveLength(0);
    await user.type(screen.getByRole("textbox", { name: "Name *" }), "Anna Alt");
    await user.type(screen.getByRole("textbox", { name: "Street *" }), "Zeil");
    await user.type(screen.getByRole("textbox", { name: "Zip code *" }), "60313");
    await user.type(screen.getByRole("textbox", { name: "City *" }), "Frankfurt");
    await user.type(screen.getByRole("combobox", { name: "Country" }), "Germ");
    await user.click(await screen.findByRole("option", { name: "Germany (DE)" }));
    await user.click(save);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      customerId: 5n,
      entry: { name: "Anna Alt", street: "Zeil", postalcode: "60313", city: "Frankfurt", isoCountry: "DE" },
    });
    expect(await screen.findByRole("heading", { name: "Address book" })).toBeInTheDocument();
  });

  it("shows the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    renderShippingApp("/address-book/7/edit", {
      addressBook: {
        getAddressBookEntry: () => ({ entry: heidi }),
        updateAddressBookEntry: () => {
          throw portalFailure(Code.InvalidArgument, "error.validation", [
            { field: "postalcode", message: "error.shipment.postalCode" },
            { field: "name", message: "error.shipment.maxLength" },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("This is not a valid postal code for CH.")).toBeInTheDocument();
    expect(screen.getByText("At most 35 characters are allowed.")).toBeInTheDocument();
  });

  it("checks the proto's rules on the trimmed values before it saves", async () => {
    const user = userEvent.setup();
    const updated: unknown[] = [];
    renderShippingApp("/address-book/7/edit", {
      addressBook: {
        // An entry stored before its limits: the form refuses what the server would.
        getAddressBookEntry: () => ({ entry: { ...heidi, contact: "x".repeat(36) } }),
        updateAddressBookEntry: (request) => {
          updated.push(request);
          return { entry: request.entry };
        },
        listAddressBookEntries: () => ({ entries: [], totalCount: 0n }),
      },
    });
    const city = await screen.findByRole("textbox", { name: "City *" });
    expect(city).toHaveAttribute("maxLength", "35");
    expect(screen.getByRole("textbox", { name: "Zip code *" })).toHaveAttribute("maxLength", "10");
    await user.clear(city);
    await user.type(city, "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field must not be empty.")).toBeInTheDocument();
    expect(screen.getByText("At most 35 characters are allowed.")).toBeInTheDocument();
    expect(updated).toHaveLength(0);
  });

  it("confirms a delete naming the id and returns to the list", async () => {
    const user = userEvent.setup();
    const deleted: DeleteAddressBookEntryRequest[] = [];
    renderShippingApp("/address-book/7/delete", {
      addressBook: {
        listAddressBookEntries: () => ({ entries: [heidi], totalCount: 1n }),
        deleteAddressBookEntry: (request) => {
          deleted.push(request);
          return {};
        },
      },
    });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Confirm delete operation");
    expect(dialog).toHaveTextContent("Are you sure you want to delete the address book entry 7?");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toMatchObject([{ customerId: 5n, id: 7n }]));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("imports one file and lists the rows the server refused", async () => {
    const user = userEvent.setup();
    const imports: ImportAddressBookRequest[] = [];
    let refuse = true;
    renderShippingApp("/address-book/import", {
      addressBook: {
        importAddressBook: (request) => {
          imports.push(request);
          if (!refuse) return { imported: 2, skipped: 1 };
          throw new ConnectError("rows", Code.InvalidArgument, undefined, [
            {
              desc: ErrorDetailSchema,
              value: {
                messageKey: "error.addressBook.validationErrors",
                params: { count: "1", rows: "3" },
                fieldErrors: [
                  { objectName: "row 3", field: "name", message: "jakarta.validation.constraints.NotEmpty" },
                  { objectName: "row 3", field: "isoCountry", message: "error.shipment.country" },
                ],
              },
            },
          ]);
        },
      },
    });
    const input = await screen.findByLabelText("CSV file");
    const file = new File(["name;street\n;x\n"], "book.csv", { type: "text/csv" });
    await user.upload(input, file);
    const rows = await screen.findByRole("list", { name: "Rows with errors" });
    expect(
      within(rows)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Row 3, Name: This field must not be empty.",
      "Row 3, Country code: Please enter a two-letter ISO country code, for example DE.",
    ]);
    expect(imports[0]).toMatchObject({ customerId: 5n, file: { contentType: "text/csv" } });
    expect(new TextDecoder().decode(imports[0].file?.data)).toBe("name;street\n;x\n");
    refuse = false;
    await user.upload(input, file);
    expect(
      await screen.findByText("2 entries imported, 1 skipped because the address book already holds them."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Rows with errors" })).toBeNull();
  });

  it("asks to choose a customer before an import", async () => {
    const user = userEvent.setup();
    const imports: ImportAddressBookRequest[] = [];
    renderShippingApp("/address-book/import", {
      customer: null,
      addressBook: {
        importAddressBook: (request) => {
          imports.push(request);
          return {};
        },
      },
    });
    await user.upload(await screen.findByLabelText("CSV file"), new File(["name\nx\n"], "a.csv"));
    await waitFor(() =>
      expect(currentNotices()).toEqual([
        expect.objectContaining({
          text: expect.objectContaining({ message: "Please choose a customer before you import a file." }),
        }),
      ]),
    );
    expect(imports).toHaveLength(0);
  });
});
