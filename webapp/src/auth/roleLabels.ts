import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Role } from "./access";
import { enumValueOf } from "../api/enums";
import { ActivationStatus as ActivationStatus, Role as ContractRole } from "../gen/portal/v1/vocabulary_pb";

/** How screens name the roles; vocabulary.test.ts fails when a role has no name. */
export const roleNames: Record<Exclude<Role, ContractRole.UNSPECIFIED>, MessageDescriptor> = {
  [Role.superAdmin]: msg`Super admin`,
  [Role.admin]: msg`Admin`,
  [Role.operations]: msg`Operations`,
  [Role.user]: msg`User`,
  [Role.api]: msg`API`,
  [Role.customerService]: msg`Customer service`,
  [Role.tracking]: msg`Tracking`,
};

export function roleLabel(role: Role, translate: (descriptor: MessageDescriptor) => string): string {
  return role === ContractRole.UNSPECIFIED ? "" : translate(roleNames[role]);
}

/** The activation status values of a user (spec 1 §3, §4). */
export const activationStatuses: ActivationStatus[] = [
  ActivationStatus.ACTIVE,
  ActivationStatus.INACTIVE,
  ActivationStatus.NEW,
  ActivationStatus.PENDING,
];

/** How screens name the activation statuses; vocabulary.test.ts fails when one has no name. */
export const activationStatusNames: Record<
  Exclude<ActivationStatus, ActivationStatus.ACTIVATION_STATUS_UNSPECIFIED>,
  MessageDescriptor
> = {
  [ActivationStatus.ACTIVE]: msg`Active`,
  [ActivationStatus.INACTIVE]: msg`Inactive`,
  [ActivationStatus.NEW]: msg`New`,
  [ActivationStatus.PENDING]: msg`Pending`,
};

/**
 * A status's name: of the enum value, or of a status's name in any case as
 * the user list's status filter carries it (active, inactive, ...).
 */
export function statusLabel(
  status: ActivationStatus | string | undefined,
  translate: (descriptor: MessageDescriptor) => string,
): string {
  if (status === undefined) return "";
  const value = typeof status === "number" ? status : enumValueOf(ActivationStatus, status.toUpperCase());
  return value ? translate(activationStatusNames[value]) : String(status);
}
