/** Bytes as the metrics page shows them: KB, MB or GB with one decimal. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** A duration in seconds as days, hours, minutes and seconds (3d 4h 5m 6s). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts = [
    [Math.floor(s / 86400), "d"],
    [Math.floor((s % 86400) / 3600), "h"],
    [Math.floor((s % 3600) / 60), "m"],
    [s % 60, "s"],
  ] as const;
  const first = parts.findIndex(([value]) => value > 0);
  return first < 0
    ? "0s"
    : parts
        .slice(first)
        .map(([value, unit]) => `${value}${unit}`)
        .join(" ");
}

/** The short name of an RPC procedure: "/portal.v1.BatchService/SendBatch" reads "BatchService/SendBatch". */
export function procedureName(procedure: string): string {
  return procedure.replace(/^\/portal\.v1\./, "");
}
