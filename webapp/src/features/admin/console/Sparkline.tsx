/** A small line chart of the last figures of one measure, newest on the right. */
export function Sparkline({
  values,
  label,
  width = 160,
  height = 36,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}) {
  if (values.length < 2) return <svg role="img" aria-label={label} width={width} height={height} />;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - ((value - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(" ");
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <polyline points={points} fill="none" stroke="var(--accent-9)" strokeWidth="1.5" />
    </svg>
  );
}

/** Keeps the last `keep` values of a measure. */
export function appendSample(history: number[], value: number, keep = 30): number[] {
  return [...history, value].slice(-keep);
}
