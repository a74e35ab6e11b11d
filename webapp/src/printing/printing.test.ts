import { afterEach, describe, expect, it, vi } from "vitest";
import { browserPrintPort, isLocalAgentAddress } from "./browserPrint";
import { PrintingError } from "./port";
import { loadPrinterPreference, savePrinterPreference, zplLabelType } from "./preferences";
import { jobsOf, splitLabels } from "./zpl";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";

const label = (n: number) => `^XA\n^FO10,10^FD${n}^FS\n^XZ`;

describe("ZPL jobs", () => {
  it("splits a text into its labels and groups them into jobs", () => {
    const text = ["junk", label(1), label(2), label(3)].join("\n");
    const labels = splitLabels(text);
    expect(labels).toEqual([label(1), label(2), label(3)]);
    const jobs = jobsOf(labels, 2);
    expect(jobs).toHaveLength(2);
    expect(splitLabels(jobs[0])).toHaveLength(2);
    expect(splitLabels(jobs[1])).toEqual([label(3)]);
  });

  it("finds no label in text that is not ZPL", () => {
    expect(splitLabels("%PDF-1.4")).toEqual([]);
  });
});

describe("printer preference", () => {
  afterEach(() => localStorage.clear());

  it("is remembered per user", () => {
    savePrinterPreference("anna", { agent: "browserPrint", printer: "Desk", dpi: 300 });
    expect(loadPrinterPreference("anna")).toEqual({ agent: "browserPrint", printer: "Desk", dpi: 300 });
    expect(loadPrinterPreference("bert")).toBeNull();
    expect(zplLabelType(loadPrinterPreference("anna")?.dpi)).toBe(LabelType.Zebra300);
    expect(zplLabelType(undefined)).toBe(LabelType.Zebra);
  });

  it("ignores a broken or foreign stored value", () => {
    localStorage.setItem("portal.printer.anna", "{not json");
    expect(loadPrinterPreference("anna")).toBeNull();
    localStorage.setItem("portal.printer.anna", JSON.stringify({ agent: "fax", printer: "x", dpi: 203 }));
    expect(loadPrinterPreference("anna")).toBeNull();
  });
});

describe("Browser Print client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the printers and writes raw data to the chosen device", async () => {
    const calls: { url: string; body?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body as string | undefined });
        if (url.endsWith("/available"))
          return new Response(JSON.stringify({ printer: [{ name: "Desk", uid: "u1", deviceType: "printer" }] }));
        return new Response("");
      }),
    );
    const port = browserPrintPort("http://127.0.0.1:9300");
    const printers = await port.listPrinters();
    expect(printers).toEqual([{ id: "Desk", name: "Desk" }]);
    await port.print(printers[0], label(1));
    expect(calls[1].url).toBe("http://127.0.0.1:9300/write");
    expect(JSON.parse(calls[1].body ?? "")).toEqual({
      device: { name: "Desk", uid: "u1", deviceType: "printer" },
      data: label(1),
    });
  });

  it("names the agent's default printer, or none when it answers empty", async () => {
    let body = JSON.stringify({ name: "Hall", uid: "h" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body)),
    );
    const port = browserPrintPort("http://127.0.0.1:9300");
    expect(await port.defaultPrinter?.()).toEqual({ id: "Hall", name: "Hall" });
    body = "";
    expect(await port.defaultPrinter?.()).toBeNull();
  });

  it("reports an agent that does not answer as a connection failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const failure = await browserPrintPort()
      .listPrinters()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PrintingError);
    expect((failure as PrintingError).reason).toBe("connection");
  });

  it("takes an agent on this computer on any port, and calls no other address", async () => {
    for (const local of ["http://127.0.0.1:9300", "https://localhost:9101", "http://127.0.0.1:9100"]) {
      expect(isLocalAgentAddress(local)).toBe(true);
    }
    for (const remote of [
      "http://192.168.1.20:9100",
      "http://printer.example.com:9100",
      "ftp://127.0.0.1:9100",
      "9100",
      "",
    ]) {
      expect(isLocalAgentAddress(remote)).toBe(false);
    }
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const failure = await browserPrintPort("http://192.168.1.20:9100")
      .listPrinters()
      .catch((error: unknown) => error);
    expect((failure as PrintingError).reason).toBe("agentAddress");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports a refused write as a printing failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Unknown device", { status: 500 })),
    );
    const failure = await browserPrintPort("http://127.0.0.1:9300")
      .print({ id: "Gone", name: "Gone" }, label(1))
      .catch((error: unknown) => error);
    expect((failure as PrintingError).reason).toBe("failed");
  });
});
