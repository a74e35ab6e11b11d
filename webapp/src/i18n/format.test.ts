import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import {
  addressLine,
  formatDate,
  formatDateTime,
  formatDay,
  formatDecimal,
  formatEuro,
  formatNumber,
  parseDay,
} from "./format";
import { formatTimestamp } from "./formatTimestamp";

// Built from local fields, so the expectation holds in any time zone.
const date = new Date(2026, 0, 5, 9, 7, 30);

describe("dates (spec 1 §9)", () => {
  it("formats DD.MM.YYYY with leading zeros", () => {
    expect(formatDate(date)).toBe("05.01.2026");
  });

  it("formats DD.MM.YYYY HH:mm", () => {
    expect(formatDateTime(date)).toBe("05.01.2026 09:07");
  });

  it("formats an API timestamp like a date and time, and none as nothing", () => {
    expect(formatTimestamp(timestampFromDate(date))).toBe("05.01.2026 09:07");
    expect(formatTimestamp(undefined)).toBe("");
  });
});

describe("date fields' days (spec 1 §9)", () => {
  it("shows the server's YYYY-MM-DD as DD.MM.YYYY, and nothing as nothing", () => {
    expect(formatDay("2026-01-05")).toBe("05.01.2026");
    expect(formatDay("")).toBe("");
  });

  it("reads DD.MM.YYYY, short days and months, and YYYY-MM-DD back as the server's day", () => {
    expect(parseDay("05.01.2026")).toBe("2026-01-05");
    expect(parseDay(" 5.1.2026 ")).toBe("2026-01-05");
    expect(parseDay("2026-01-05")).toBe("2026-01-05");
    expect(parseDay("")).toBe("");
  });

  it("refuses what is no real day", () => {
    expect(parseDay("31.02.2026")).toBeNull();
    expect(parseDay("01/05/2026")).toBeNull();
    expect(parseDay("05.01.26")).toBeNull();
    expect(parseDay("today")).toBeNull();
  });
});

describe("numbers (spec 1 §9)", () => {
  // Intl separates the euro sign with a no-break space; compare with plain spaces.
  const plain = (text: string) => text.replace(/\s/g, " ");

  it("uses a dot for thousands and a comma for decimals in Dutch", () => {
    expect(formatNumber(1234567, "nl")).toBe("1.234.567");
    expect(formatDecimal(1234.5, "nl")).toBe("1.234,5");
    expect(plain(formatEuro(1234.5, "nl"))).toBe("€ 1.234,50");
  });

  it("uses a comma for thousands and a dot for decimals in English", () => {
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatDecimal(1234.567, "en")).toBe("1,234.57");
  });

  it("rounds 0,0 to whole numbers and shows decimals of 0,0.[00] only when present", () => {
    expect(formatNumber(1234.6, "de")).toBe("1.235");
    expect(formatDecimal(1234, "de")).toBe("1.234");
  });
});

describe("addresses", () => {
  const address = { street: "Hauptstr. 1", additionalAddress: "", zipCode: "50667", city: "Köln", countryCode: "DE" };

  it("puts an address on one line without its empty parts", () => {
    expect(addressLine(address)).toBe("Hauptstr. 1, 50667 Köln, DE");
    expect(addressLine({ ...address, additionalAddress: "Hof 2", zipCode: "" })).toBe("Hauptstr. 1, Hof 2, Köln, DE");
    expect(addressLine(undefined)).toBe("");
  });
});
