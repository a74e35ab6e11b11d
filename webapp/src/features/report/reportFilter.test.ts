import { describe, expect, it } from "vitest";
import { decodeSearch, defaultSearch, encodeSearch, invoiceAllowed, splitList } from "./reportFilter";

const now = new Date(2026, 10, 25, 12, 0);

describe("the report search in the address", () => {
  it("defaults to the last 7 days, newest first, 100 rows", () => {
    const search = decodeSearch(null, now);
    expect(search.criteria.fromDate).toBe("2026-11-18");
    expect(search.criteria.toDate).toBe("2026-11-25");
    expect(search).toMatchObject({ page: 0, size: 100, sortField: "submittedAt", sortOrder: "desc" });
  });

  it("encodes only the criteria given, and reads back the same search", () => {
    const search = defaultSearch(now);
    search.criteria.trackingNumbers = ["TR1", " ", "TR2"];
    search.criteria.customerIds = ["7"];
    search.criteria.recipientName = " Anna ";
    search.size = 25;
    const text = encodeSearch(search);
    expect(JSON.parse(text)).toEqual({
      searchCriteria: {
        customerIds: [7],
        trackingNumbers: ["TR1", "TR2"],
        recipientName: "Anna",
        fromDate: "2026-11-18",
        toDate: "2026-11-25",
      },
      page: 0,
      size: 25,
      sortField: "submittedAt",
      sortOrder: "desc",
    });
    const back = decodeSearch(text, new Date(2027, 0, 1));
    expect(back.criteria.trackingNumbers).toEqual(["TR1", "TR2"]);
    expect(back.criteria.customerIds).toEqual(["7"]);
    expect(back.criteria.fromDate).toBe("2026-11-18");
    expect(encodeSearch(back)).toBe(text);
  });

  it("falls back to the default for what it cannot read", () => {
    expect(decodeSearch("{not json", now)).toEqual(defaultSearch(now));
    expect(decodeSearch("[1]", now).size).toBe(100);
    expect(decodeSearch('{"searchCriteria":{"status":"SENT","city":3},"sortOrder":"up"}', now)).toMatchObject({
      criteria: { status: [], city: "" },
      sortOrder: "desc",
    });
  });

  it("splits typed lists", () => {
    expect(splitList("TR1, TR2\nTR3;;  ")).toEqual(["TR1", "TR2", "TR3"]);
  });

  it("allows an invoice only when the server marks every chosen row invoiceable", () => {
    expect(invoiceAllowed([{ invoiceable: true }, { invoiceable: true }])).toBe(true);
    expect(invoiceAllowed([{ invoiceable: true }, { invoiceable: false }])).toBe(false);
    expect(invoiceAllowed([])).toBe(false);
  });
});
