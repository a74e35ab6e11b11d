import { type DescMessage, type Message, ScalarType } from "@bufbuild/protobuf";
import type { GenMessage } from "@bufbuild/protobuf/codegenv2";

/**
 * The text fields of a generated message: the keys of its plain `string`
 * properties ($typeName aside). A form over a message edits exactly these,
 * so its field list is the proto's and a name the message lacks does not
 * compile.
 */
export type TextKeys<T> = {
  [K in keyof T]-?: K extends "$typeName"
    ? never
    : Record<never, never> extends Pick<T, K>
      ? never // optional: an `optional string` or $unknown
      : T[K] extends string
        ? K
        : never;
}[keyof T];

/**
 * The names of a message's text fields at run time, as its TypeScript
 * properties name them, in the proto's order: the scalar string fields
 * without explicit presence (an `optional string` is `string | undefined`,
 * which TextKeys leaves out as well).
 */
export function textFieldsOf<T extends Message>(schema: GenMessage<T>): readonly TextKeys<T>[] {
  return textFieldDescs(schema).map((field) => field.localName as TextKeys<T>);
}

/** The scalar string fields of a message without explicit presence. */
export function textFieldDescs(schema: DescMessage) {
  return schema.fields.filter(
    (field) => field.fieldKind === "scalar" && field.scalar === ScalarType.STRING && !field.proto.proto3Optional,
  );
}

/** The values of some text fields, "" for those the source lacks. */
export function textValues<K extends string>(
  fields: readonly K[],
  source: Partial<Record<K, string>> | undefined,
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const field of fields) out[field] = source?.[field] ?? "";
  return out;
}
