import { type AgentPort, type PrinterInfo, PrintingError } from "./port";

/** Where Zebra Browser Print listens on the shipper's computer: HTTP, then HTTPS. */
export const browserPrintDefaultUrl = "http://127.0.0.1:9100";
const browserPrintTlsUrl = "https://127.0.0.1:9101";

/** The hosts a print agent may be addressed by: this computer (the Content-Security-Policy allows nothing else; it knows no IPv6 literal). */
const loopbackHosts = new Set(["127.0.0.1", "localhost"]);

/** Whether an address can reach a Browser Print agent from the page: http or https on this computer, any port. */
export function isLocalAgentAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === "http:" || url.protocol === "https:") && loopbackHosts.has(url.hostname);
  } catch {
    return false;
  }
}

/** A device as Browser Print describes it; /write takes it back as it came. */
type Device = { name: string; uid: string; connection?: string; deviceType?: string; [key: string]: unknown };

/** How long the agent may take to answer a list; a job may take longer. */
const listTimeoutMs = 5_000;
const writeTimeoutMs = 60_000;

/**
 * A small client of Zebra Browser Print's local HTTP API: GET /available
 * lists the printers, GET /default?type=printer names the default, POST
 * /write sends raw data to a device. Zebra's own script is not on npm.
 */
export function browserPrintPort(baseUrl: string = browserPrintDefaultUrl): AgentPort {
  const bases = baseUrl === browserPrintDefaultUrl ? [baseUrl, browserPrintTlsUrl] : [baseUrl];
  let working: string | null = null;
  const devices = new Map<string, Device>();

  async function call(path: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
    if (!isLocalAgentAddress(baseUrl)) {
      throw new PrintingError("agentAddress", `Browser Print address ${baseUrl} is not on this computer`);
    }
    const tried = working ? [working] : bases;
    let lastError: unknown = null;
    for (const base of tried) {
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetch(base + path, {
          ...init,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        working = base;
        return response;
      } catch (error) {
        if (signal?.aborted) throw error;
        lastError = error;
      }
    }
    working = null;
    throw new PrintingError("connection", `Browser Print is not reachable: ${String(lastError)}`);
  }

  return {
    kind: "browserPrint",
    async listPrinters(signal) {
      const response = await call("/available", { method: "GET" }, listTimeoutMs, signal);
      if (!response.ok) throw new PrintingError("connection", `Browser Print answered ${response.status}`);
      let body: { printer?: Device[] } = {};
      try {
        body = (await response.json()) as { printer?: Device[] };
      } catch {
        throw new PrintingError("connection", "Browser Print answered something that is not a printer list");
      }
      devices.clear();
      return (body.printer ?? [])
        .filter((device) => (device.deviceType ?? "printer") === "printer")
        .map((device) => {
          devices.set(device.name, device);
          return { id: device.name, name: device.name };
        });
    },
    async defaultPrinter(signal) {
      const response = await call("/default?type=printer", { method: "GET" }, listTimeoutMs, signal);
      if (!response.ok) return null;
      try {
        const device = (await response.json()) as Device | null;
        if (!device?.name) return null;
        devices.set(device.name, device);
        return { id: device.name, name: device.name };
      } catch {
        // An empty answer: the agent has no default printer.
        return null;
      }
    },
    async print(printer: PrinterInfo, zpl: string) {
      const device = devices.get(printer.id) ?? { name: printer.id, uid: printer.id };
      const response = await call(
        "/write",
        {
          method: "POST",
          // text/plain keeps the call simple for the agent's CORS, as Zebra's own script does.
          headers: { "Content-Type": "text/plain;charset=UTF-8" },
          body: JSON.stringify({ device, data: zpl }),
        },
        writeTimeoutMs,
      );
      if (!response.ok) throw new PrintingError("failed", `Browser Print could not print: ${await response.text()}`);
    },
  };
}
