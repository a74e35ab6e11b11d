import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Role } from "./access";

/** How screens name the roles; a role the portal does not know yet shows as the server names it. */
const labels: Record<string, MessageDescriptor> = {
  [Role.superAdmin]: msg`Super admin`,
  [Role.admin]: msg`Admin`,
  [Role.operations]: msg`Operations`,
  [Role.user]: msg`User`,
  [Role.api]: msg`API`,
  [Role.customerService]: msg`Customer service`,
  [Role.tracking]: msg`Tracking`,
};

export function roleLabel(role: string, translate: (descriptor: MessageDescriptor) => string): string {
  const label = labels[role];
  return label ? translate(label) : role;
}

/** The activation status values of a user (spec 1 §3, §4). */
export const activationStatuses = ["ACTIVE", "INACTIVE", "NEW", "PENDING"] as const;

const statusLabels: Record<string, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  INACTIVE: msg`Inactive`,
  NEW: msg`New`,
  PENDING: msg`Pending`,
};

export function statusLabel(status: string, translate: (descriptor: MessageDescriptor) => string): string {
  const label = statusLabels[status.toUpperCase()];
  return label ? translate(label) : status;
}
