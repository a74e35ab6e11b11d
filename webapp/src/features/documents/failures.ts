import { ConnectError } from "@connectrpc/connect";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describeFormFailure, type FormFailure } from "../../errors/formFailure";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";

/** The server's message keys of documents, acss files, news and the invoice report. */
const messages: Record<string, MessageDescriptor> = {
  "error.document.tooLarge": msg`The file is too large: at most 10 MB are allowed.`,
  "error.document.activeNotDeletable": msg`The active document cannot be deleted.`,
  "error.document.activeLocked": msg`The active flag of this document cannot be changed.`,
  "error.document.notCsv": msg`The file is not a CSV text file.`,
  "error.document.notFound": msg`The document was not found.`,
  "error.acss.unknownTenant": msg`The chosen tenant does not exist.`,
  "error.news.notFound": msg`The news item was not found.`,
  "error.invoiceReport.selectDate": msg`Please select a month and a year.`,
  "error.invoiceReport.selectYear": msg`Please select a year.`,
};

/** Like describeFormFailure, with this area's own message keys translated. */
export function describeDocumentFailure(error: unknown, formFields: readonly string[] = []): FormFailure {
  const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
  const known = detail ? messages[detail.messageKey] : undefined;
  if (known) {
    const field = detail?.fieldErrors.find((f) => formFields.includes(f.field))?.field;
    return field ? { fields: { [field]: known }, messages: [] } : { fields: {}, messages: [{ text: known }] };
  }
  return describeFormFailure(error, formFields);
}
