/**
 * Entity ids are int64 in the API and `bigint` in the generated TypeScript
 * (protobuf-es honours jstype JS_STRING only; JS_NUMBER still yields bigint).
 * Paths carry them as text.
 */
export function parseId(text: string | undefined): bigint | null {
  if (!text || !/^[0-9]{1,19}$/.test(text)) return null;
  const id = BigInt(text);
  return id > 0n ? id : null;
}

/** An empty reference (no id, or the legacy -1) is no reference (spec 1 §5). */
export function presentRef<T extends { id: bigint }>(ref: T | undefined | null): T | null {
  return ref && ref.id > 0n ? ref : null;
}
