import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { AddressBookService, type ListAddressBookEntriesRequest } from "../gen/portal/v1/address_book_pb";
import { renderPiece } from "../test/renderPiece";
import { useAddressBookLookups } from "../api/addressBook";
import { parcelFieldsOf } from "./addressBook";
import { RecipientNameField, useAddressPrefill } from "./RecipientNameField";
import { heidi } from "../test/addressBookEntries";

/** What the parcel form does with the two pieces: its fields, filled from a chosen or carried-in entry. */
function ParcelFormStandIn() {
  const [search] = useSearchParams();
  const prefill = useAddressPrefill(search);
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<Record<string, string> | null>(null);
  const shown = picked ?? prefill.fields;
  return (
    <>
      <RecipientNameField
        customerId={5n}
        value={name}
        onChange={setName}
        onPick={(fields) => {
          setPicked(fields);
          setName(fields.name);
        }}
        control={{ id: "name", "aria-invalid": false }}
      />
      <output aria-label="filled">{prefill.loading ? "loading" : JSON.stringify(shown)}</output>
    </>
  );
}

function renderStandIn(path: string, requests: ListAddressBookEntriesRequest[]) {
  const transport = createRouterTransport((router) =>
    router.service(AddressBookService, {
      listAddressBookEntries: (request) => {
        requests.push(request);
        return { entries: request.search.toLowerCase().startsWith("hei") ? [heidi] : [], totalCount: 1n };
      },
      getAddressBookEntry: (request) => ({ entry: { ...heidi, id: request.id } }),
    }),
  );
  renderPiece(path, <ParcelFormStandIn />, transport);
}

describe("the parcel form's address-book pieces (spec 2 §2.3)", () => {
  it("suggests entries for the typed name and fills the address with the chosen one", async () => {
    const user = userEvent.setup();
    const requests: ListAddressBookEntriesRequest[] = [];
    renderStandIn("/parcel/new", requests);
    const name = screen.getByRole("combobox");
    await user.type(name, "Hei");
    const option = await screen.findByRole("option", { name: /Heidi Muster/ }, { timeout: 5000 });
    expect(requests.at(-1)).toMatchObject({ customerId: 5n, search: "Hei", pageSize: 10 });
    await user.click(option);
    expect(name).toHaveValue("Heidi Muster");
    expect(JSON.parse(screen.getByRole("status", { name: "filled" }).textContent ?? "null")).toMatchObject(
      Object.fromEntries(Object.entries(heidi).filter(([field]) => field !== "id")),
    );
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("link", { name: "Address book" })).toHaveAttribute("href", "/address-book");
  });

  it("asks nothing before a letter is typed", async () => {
    const requests: ListAddressBookEntriesRequest[] = [];
    renderStandIn("/parcel/new", requests);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toHaveLength(0);
  });

  it("prefills from the entry /parcel/new was opened with", async () => {
    renderStandIn("/parcel/new?addressId=7", []);
    await waitFor(() =>
      expect(JSON.parse(screen.getByRole("status", { name: "filled" }).textContent ?? "null")).toMatchObject({
        name: "Heidi Muster",
        city: "Zürich",
      }),
    );
  });

  it("ignores an addressId that is no id", async () => {
    renderStandIn("/parcel/new?addressId=7;drop", []);
    expect(screen.getByRole("status", { name: "filled" })).toHaveTextContent("null");
  });
});

function LookupsStandIn({ onReady }: { onReady: (lookups: ReturnType<typeof useAddressBookLookups>) => void }) {
  onReady(useAddressBookLookups(5n));
  return null;
}

describe("the address book as promises (the parcel form's seam)", () => {
  it("reads an entry by id and searches by name", async () => {
    const requests: ListAddressBookEntriesRequest[] = [];
    let lookups: ReturnType<typeof useAddressBookLookups> | undefined;
    const transport = createRouterTransport((router) =>
      router.service(AddressBookService, {
        listAddressBookEntries: (request) => {
          requests.push(request);
          return { entries: [heidi], totalCount: 1n };
        },
        getAddressBookEntry: (request) => {
          if (request.id !== 7n) throw new ConnectError("gone", Code.NotFound);
          return { entry: heidi };
        },
      }),
    );
    renderPiece("/parcel/new", <LookupsStandIn onReady={(l) => (lookups = l)} />, transport);
    await waitFor(() => expect(lookups).toBeDefined());
    expect(parcelFieldsOf((await lookups!.entry(7n))!)).toMatchObject({ name: "Heidi Muster", phone: "044 123 45 67" });
    expect(await lookups!.entry(8n)).toBeNull();
    expect((await lookups!.search(" Hei ")).map((entry) => entry.name)).toEqual(["Heidi Muster"]);
    expect(requests.at(-1)).toMatchObject({ customerId: 5n, search: "Hei", pageSize: 10 });
    expect(await lookups!.search("  ")).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});
