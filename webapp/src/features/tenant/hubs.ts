import type { MessageInitShape } from "@bufbuild/protobuf";
import type { HubSchema } from "../../gen/portal/v1/tenants_pb";

/** A hub as the form edits it. */
export type HubForm = {
  id: bigint;
  name: string;
  emailAddress: string;
  street: string;
  additionalAddress: string;
  zipCode: string;
  city: string;
  countryCode: string;
  isDefault: boolean;
};

/** Spec 3 §3: a new hub is empty, in Germany, not the default. */
export function emptyHub(): HubForm {
  return {
    id: 0n,
    name: "",
    emailAddress: "",
    street: "",
    additionalAddress: "",
    zipCode: "",
    city: "",
    countryCode: "DE",
    isDefault: false,
  };
}

export function hubFromApi(hub: MessageInitShape<typeof HubSchema>): HubForm {
  return { ...emptyHub(), ...hub, id: hub.id ?? 0n, countryCode: hub.countryCode || "DE" };
}

/** Spec 3 §4: add hub appends an empty hub. */
export function addHub(hubs: readonly HubForm[]): HubForm[] {
  return [...hubs, emptyHub()];
}

/** Spec 3 §5: delete-hub is disabled when fewer than 2 hubs. */
export function canDeleteHub(hubs: readonly HubForm[]): boolean {
  return hubs.length >= 2;
}

/** Spec 3 §4: delete hub removes by index; the first hub takes over as default when the default goes. */
export function deleteHub(hubs: readonly HubForm[], index: number): HubForm[] {
  if (!canDeleteHub(hubs) || index < 0 || index >= hubs.length) return [...hubs];
  const rest = hubs.filter((_, i) => i !== index);
  return hubs[index].isDefault ? setDefaultHub(rest, 0) : rest;
}

/** Spec 3 §4: set default marks exactly one. */
export function setDefaultHub(hubs: readonly HubForm[], index: number): HubForm[] {
  return hubs.map((hub, i) => ({ ...hub, isDefault: i === index }));
}

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The form's own check of spec 3 §5; the server checks the same. */
export function hubErrors(
  hub: HubForm,
): Partial<Record<"name" | "street" | "zipCode" | "city" | "emailAddress", string>> {
  const errors: Partial<Record<"name" | "street" | "zipCode" | "city" | "emailAddress", string>> = {};
  for (const field of ["name", "street", "zipCode", "city"] as const)
    if (!hub[field].trim()) errors[field] = "required";
  if (hub.emailAddress.trim() && !emailPattern.test(hub.emailAddress.trim())) errors.emailAddress = "email";
  return errors;
}

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
