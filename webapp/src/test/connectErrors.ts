import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorDetailSchema } from "../gen/portal/v1/errors_pb";

/** A failure as the portal sends it: a Connect code with the ErrorDetail naming its message key. */
export function portalFailure(
  code: Code,
  messageKey: string,
  fieldErrors: { field: string; message: string }[] = [],
): ConnectError {
  return new ConnectError(messageKey, code, undefined, [
    { desc: ErrorDetailSchema, value: { messageKey, fieldErrors } },
  ]);
}

export { Code };
