import { describe, expect, it } from "vitest";
import { countryPoints } from "./countryPoints";
import { markerRadius, rangeInOrder, topCountries, topRows } from "./dashboardModel";

describe("the dashboard model (spec 3 §9)", () => {
  it("sizes markers from 0 to 10 relative to the largest count", () => {
    expect(markerRadius(50, 50)).toBe(10);
    expect(markerRadius(25, 50)).toBe(5);
    expect(markerRadius(0, 50)).toBe(0);
    expect(markerRadius(3, 0)).toBe(0);
    expect(markerRadius(80, 50)).toBe(10);
  });

  it("shows 8 rows in the top-countries table", () => {
    const list = Array.from({ length: 12 }, (_, i) => ({ isoCountry: `C${i}`, parcelCount: 12 - i }));
    expect(topRows).toBe(8);
    expect(topCountries(list).map((c) => c.isoCountry)).toEqual(["C0", "C1", "C2", "C3", "C4", "C5", "C6", "C7"]);
    expect(topCountries(undefined)).toEqual([]);
  });

  it("knows where the markers of the carrier's countries sit", () => {
    for (const code of ["DE", "NL", "AT", "FR", "IT", "ES", "US", "GB", "CH", "SG", "MT"]) {
      expect(countryPoints[code], code).toBeDefined();
    }
    const [lon, lat] = countryPoints.FR;
    expect(lon).toBeGreaterThan(-5);
    expect(lat).toBeGreaterThan(42);
  });

  it("accepts open or ordered ranges", () => {
    expect(rangeInOrder("", "")).toBe(true);
    expect(rangeInOrder("2026-03-01", "2026-03-02")).toBe(true);
    expect(rangeInOrder("2026-03-02", "2026-03-01")).toBe(false);
  });
});
