import { type AgentPort, type PrinterInfo, PrintingError } from "./port";

/** What the portal's server offers for QZ Tray's request signing. */
export type QzSigning = {
  /** The operator's certificate; empty when none is configured (QZ Tray then asks the user). */
  certificate(): Promise<string>;
  sign(request: string): Promise<string>;
};

type Qz = {
  websocket: { isActive(): boolean; connect(options?: { retries?: number; delay?: number }): Promise<void> };
  security: {
    setCertificatePromise(promise: (resolve: (cert?: string) => void, reject: (error: unknown) => void) => void): void;
    setSignatureAlgorithm(algorithm: string): void;
    setSignaturePromise(
      factory: (toSign: string) => (resolve: (signature?: string) => void, reject: (error: unknown) => void) => void,
    ): void;
  };
  printers: { find(query?: string): Promise<string | string[]> };
  configs: { create(printer: string): unknown };
  print(config: unknown, data: unknown[]): Promise<void>;
};

let loaded: Promise<Qz> | null = null;

/** QZ Tray's library, loaded when it is first used (it is large and most shippers use Browser Print). */
function loadQz(signing: QzSigning): Promise<Qz> {
  loaded ??= import("qz-tray").then((module) => {
    const qz = ((module as { default?: Qz }).default ?? module) as Qz;
    qz.security.setCertificatePromise((resolve, reject) => {
      signing
        .certificate()
        .then((cert) => resolve(cert || undefined))
        .catch(reject);
    });
    qz.security.setSignatureAlgorithm("SHA512");
    qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
      signing
        .sign(toSign)
        .then((signature) => resolve(signature || undefined))
        .catch(reject);
    });
    return qz;
  });
  return loaded;
}

async function connected(signing: QzSigning): Promise<Qz> {
  let qz: Qz;
  try {
    qz = await loadQz(signing);
    if (!qz.websocket.isActive()) await qz.websocket.connect({ retries: 1, delay: 1 });
  } catch (error) {
    throw new PrintingError("connection", `QZ Tray is not reachable: ${String(error)}`);
  }
  return qz;
}

/**
 * QZ Tray (npm qz-tray): a WebSocket to the agent on the shipper's computer.
 * Printers are found by name and ZPL is sent raw. Requests are signed with
 * the operator's key through the server when one is configured; otherwise
 * QZ Tray asks the user to allow the site.
 */
export function qzTrayPort(signing: QzSigning): AgentPort {
  return {
    kind: "qzTray",
    async listPrinters() {
      const qz = await connected(signing);
      const found = await qz.printers.find();
      return (Array.isArray(found) ? found : [found]).map((name) => ({ id: name, name }));
    },
    async print(printer: PrinterInfo, zpl: string) {
      const qz = await connected(signing);
      try {
        const name = await qz.printers.find(printer.id);
        const config = qz.configs.create(Array.isArray(name) ? name[0] : name);
        await qz.print(config, [{ type: "raw", format: "command", flavor: "plain", data: zpl }]);
      } catch (error) {
        throw new PrintingError("failed", `QZ Tray could not print: ${String(error)}`);
      }
    },
  };
}
