import { type AgentKind, agentKinds, type Dpi } from "./port";
import { LabelType } from "../gen/portal/v1/vocabulary_pb";

/**
 * The printer a user chose in this browser (spec 2 §5.3: the saved printer):
 * the way labels are printed, the printer's name (an agent's) or id (a
 * network printer's), its resolution, and the Browser Print address.
 */
export type PrinterPreference = {
  agent: AgentKind;
  printer: string;
  printerName?: string;
  dpi: Dpi;
  agentUrl?: string;
};

const prefix = "portal.printer.";

/** Remembered per user and browser: the key names the login. */
function keyOf(login: string): string {
  return prefix + login;
}

function isPreference(value: unknown): value is PrinterPreference {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    agentKinds.includes(v.agent as AgentKind) &&
    typeof v.printer === "string" &&
    (v.dpi === 203 || v.dpi === 300) &&
    (v.agentUrl === undefined || typeof v.agentUrl === "string") &&
    (v.printerName === undefined || typeof v.printerName === "string")
  );
}

export function loadPrinterPreference(login: string | undefined): PrinterPreference | null {
  if (!login) return null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(login)) ?? "null");
    return isPreference(value) ? value : null;
  } catch {
    return null;
  }
}

export function savePrinterPreference(login: string, preference: PrinterPreference): void {
  localStorage.setItem(keyOf(login), JSON.stringify(preference));
}

/** The label type a printer of this resolution prints: Zebra300 labels are drawn for 300 dpi. */
export function zplLabelType(dpi: Dpi | undefined): LabelType.Zebra | LabelType.Zebra300 {
  return dpi === 300 ? LabelType.Zebra300 : LabelType.Zebra;
}
