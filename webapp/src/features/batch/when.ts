import { formatTimestamp } from "../../i18n/format";

/** The Shipments tab's name for formatTimestamp, until the tab imports that itself. */
export const when = formatTimestamp;
