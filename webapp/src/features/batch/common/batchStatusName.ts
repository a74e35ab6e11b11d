import type { MessageDescriptor } from "@lingui/core";
import { Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { batchStatusNames } from "../../../shipping/statusNames";

/** A batch status's name, as the batch screens show it. */
export function batchStatusName(status: Batch_Status): MessageDescriptor {
  return batchStatusNames[Batch_Status[status] as keyof typeof Batch_Status] ?? batchStatusNames.STATUS_UNSPECIFIED;
}
