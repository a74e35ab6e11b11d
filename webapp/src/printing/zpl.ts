/** The labels of a ZPL text: each ^XA ... ^XZ format, in order. Text outside formats is dropped. */
export function splitLabels(zpl: string): string[] {
  const labels: string[] = [];
  const pattern = /\^XA[\s\S]*?\^XZ/gi;
  for (const match of zpl.matchAll(pattern)) labels.push(match[0]);
  return labels;
}

/** How many labels one print job carries: large batches go as several jobs, with progress between. */
export const labelsPerJob = 50;

/** The labels grouped into jobs of at most `size` labels, each a text the printer takes at once. */
export function jobsOf(labels: string[], size: number = labelsPerJob): string[] {
  const jobs: string[] = [];
  for (let i = 0; i < labels.length; i += size) jobs.push(labels.slice(i, i + size).join("\n") + "\n");
  return jobs;
}
