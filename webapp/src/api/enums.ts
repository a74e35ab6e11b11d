import { SortDirection } from "../gen/portal/v1/vocabulary_pb";

/**
 * Helpers for the contract's enums (proto/portal/v1/vocabulary.proto): a
 * generated TypeScript enum maps names to numbers and back. Names arrive as
 * strings where no message carries them: URL parameters, the report search's
 * JSON, the parameters of a server message.
 */

/** A generated numeric enum object. */
export type NumericEnum = Record<string, string | number>;

/** The enum's values but the zero one (UNSPECIFIED), in declaration order. */
export function enumValues<E extends NumericEnum>(e: E): Exclude<E[keyof E], string>[] {
  return Object.values(e).filter((v): v is Exclude<E[keyof E], string> => typeof v === "number" && v !== 0);
}

/** The value a name stands for; undefined for an unknown name or the zero value. */
export function enumValueOf<E extends NumericEnum>(
  e: E,
  name: string | null | undefined,
): Exclude<E[keyof E], string> | undefined {
  if (!name || !Object.prototype.hasOwnProperty.call(e, name)) return undefined;
  const value = e[name];
  return typeof value === "number" && value !== 0 ? (value as Exclude<E[keyof E], string>) : undefined;
}

/** A value's name as the contract (and the REST JSON) spells it; "" for the zero value. */
export function enumNameOf<E extends NumericEnum>(e: E, value: number | undefined): string {
  if (!value) return "";
  const name = e[value];
  return typeof name === "string" ? name : "";
}

/** The wire's sort direction of a table's order ("asc" or "desc", as the tables and URLs keep it). */
export function sortDirectionOf(direction: "asc" | "desc" | undefined): SortDirection {
  return direction === "desc" ? SortDirection.DESC : SortDirection.ASC;
}
