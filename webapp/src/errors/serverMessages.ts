import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * Every message the server or the failure mapper refers to by key: the
 * ErrorDetail.messageKey values, the `error.{rule}` keys of field errors, the
 * `error.http.{status}` fallbacks. The key is the Lingui message id, so a new
 * server key needs one line here and a translation in each catalog.
 */
const catalog = [
  msg({ id: "error.server.not.reachable", message: "Server not reachable" }),
  msg({ id: "error.url.not.found", message: "Not found" }),
  msg({ id: "error.unknown", message: "Unknown error!" }),
  msg({ id: "error.internal", message: "Something went wrong on our side. Please try again later." }),
  msg({ id: "error.timeout", message: "The request took too long. Please try again." }),
  msg({ id: "error.validation", message: "The request contains invalid values." }),
  msg({ id: "error.idexists", message: "A new {entityName} cannot already have an ID." }),
  msg({ id: "error.field", message: 'Error on field "{fieldName}"' }),
  msg({ id: "error.required", message: "This field is required." }),
  msg({ id: "error.pattern", message: "This field does not have the expected format." }),
  msg({ id: "error.Size", message: "This field is too short or too long." }),
  msg({ id: "error.email", message: "This field needs a valid e-mail address." }),
  msg({ id: "error.http.400", message: "The request was not accepted." }),
  msg({ id: "error.http.409", message: "The request conflicts with the current state." }),
  msg({ id: "error.http.415", message: "The request is in a format the server does not accept." }),
  msg({ id: "error.http.429", message: "Too many requests. Please wait a moment and try again." }),
  msg({
    id: "error.requestTooLarge",
    message: "The request is too large: at most {maxMegabytes} MB are accepted here.",
  }),
  msg({ id: "error.malformedRequest", message: "The request could not be read: it is not in the expected form." }),
  msg({
    id: "error.malformedField",
    message: 'The value of "{field}" could not be read: it is not in the expected form.',
  }),
  msg({ id: "error.http.500", message: "Internal server error" }),
  msg({ id: "error.http.501", message: "The server does not offer this function." }),
  msg({ id: "error.http.503", message: "The service is unavailable. Please try again later." }),
  msg({ id: "error.http.504", message: "The server took too long to answer." }),
  msg({ id: "error.acss.unknownTenant", message: "The chosen tenant does not exist." }),
  msg({ id: "error.adminOnly", message: "Only administrators may do this." }),
  msg({ id: "error.captcha.off", message: "No captcha is needed here." }),
  msg({ id: "error.consent.locked", message: "An accepted consent can only be withdrawn by an administrator." }),
  msg({
    id: "error.consent.notChargeable",
    message: "The pricing consent applies only to customers charged for commercial invoices.",
  }),
  msg({
    id: "error.credentialCheckUnavailable",
    message: "The credentials could not be checked right now. Please try again later.",
  }),
  msg({ id: "error.range", message: "This value is out of range." }),
  msg({ id: "asendiaWebApp.dashboard.trackingNotFound", message: "No parcel was found under this tracking number." }),
  msg({
    id: "error.tracking.unavailable",
    message: "The tracking service cannot be reached right now. Please try again later.",
  }),
  msg({
    id: "error.tracking.refused",
    message: "The tracking service did not accept the customer's tracking credentials.",
  }),
  msg({ id: "error.tracking.notEnabled", message: "Tracking is not enabled for your customer." }),
  msg({
    id: "error.tracking.exportLimit",
    message: "An export holds between 1 and {limit} parcels; this search found {count}.",
  }),
  msg({ id: "error.crmidexists", message: "A customer with this CRM ID already exists." }),
  msg({
    id: "error.customer.hasShippingHistory",
    message:
      "This customer has shipping history (batches, labels, manifests or carrier records) and cannot be deleted. Its records must stay for billing and auditing.",
  }),
  msg({ id: "error.customerNotFound", message: "The customer was not found." }),
  msg({ id: "error.deleteSelf", message: "You cannot delete your own login." }),
  msg({ id: "error.document.activeLocked", message: "The active flag of this document cannot be changed." }),
  msg({ id: "error.document.activeNotDeletable", message: "The active document cannot be deleted." }),
  msg({ id: "error.document.notCsv", message: "The file is not a CSV text file." }),
  msg({ id: "error.document.notFound", message: "The document was not found." }),
  msg({ id: "error.document.tooLarge", message: "The file is too large: at most 10 MB are allowed." }),
  msg({ id: "error.legalPage.notPublished", message: "This page has not been published." }),
  msg({ id: "error.legalPage.tooLong", message: "The text is too long: at most {max} characters are allowed." }),
  msg({
    id: "error.download.purposeInvalid",
    message: "This file cannot be opened as a link.",
  }),
  msg({
    id: "error.download.tokenInvalid",
    message: "This download link has expired or was already used. Please start the download again from the page.",
  }),
  msg({ id: "error.forbidden", message: "You are not allowed to do this." }),
  msg({ id: "error.fulfillment.customerTaken", message: "A chosen customer already belongs to another fulfillment." }),
  msg({ id: "error.fulfillment.exists", message: "A fulfillment with this name already exists." }),
  msg({ id: "error.fulfillment.unknownCustomer", message: "A chosen customer does not exist." }),
  msg({ id: "error.gtc.countryNotSupported", message: "This destination country is not supported yet." }),
  msg({ id: "error.gtc.unavailable", message: "The terms could not be loaded. Please try again later." }),
  msg({ id: "error.invoiceReport.selectDate", message: "Please select a month and a year." }),
  msg({ id: "error.invoiceReport.selectYear", message: "Please select a year." }),
  msg({ id: "error.news.notFound", message: "The news item was not found." }),
  msg({ id: "error.superAdminOnly", message: "Only a super administrator may grant or change this role." }),
  msg({ id: "error.tenant.atLeastOneHub", message: "A tenant needs at least one hub." }),
  msg({ id: "error.tenant.credentialType", message: "Credentials can be checked for a1 or grp only." }),
  msg({ id: "error.tenant.exactlyOneDefaultHub", message: "Exactly one hub must be the default." }),
  msg({ id: "error.tenant.exists", message: "A tenant with this name already exists." }),
  msg({ id: "error.tenant.hubInUse", message: "This hub still serves customers and cannot be removed." }),
  msg({ id: "error.tenant.hubIndex", message: "This hub does not exist." }),
  msg({ id: "error.tenant.hubNameTaken", message: "Each hub of a tenant needs its own name." }),
  msg({ id: "error.tenant.inUse", message: "This tenant still has customers and cannot be deleted." }),
  msg({ id: "error.unauthenticated", message: "Please sign in." }),
  msg({ id: "error.userData.exists", message: "This login already has user data." }),
  msg({ id: "error.userData.unknownReference", message: "The chosen customer or fulfillment does not exist." }),
  msg({
    id: "error.batch.notAllowedInStatus",
    message: "This cannot be done while the batch is in the status “{status}”.",
  }),
  msg({ id: "error.csvMaxRowsExceeded", message: "The batch has {rows} rows; at most {maxRows} can be sent." }),
  // Batches and shipments (app/batches).
  msg({ id: "error.batch.notFound", message: "The batch was not found." }),
  msg({
    id: "error.manifest.alreadyManifested",
    message: "Parcel {parcelId} is already in a manifest. Nothing was manifested; reload the list and select again.",
  }),
  msg({
    id: "error.manifest.notLabelled",
    message: "Parcel {parcelId} has no valid label yet and cannot be manifested.",
  }),
  msg({
    id: "error.manifest.beingLabelled",
    message: "The label of parcel {parcelId} is being made right now. Try the manifest again in a moment.",
  }),
  msg({ id: "error.manifest.nothingSelected", message: "Select at least one parcel for the manifest." }),
  msg({ id: "error.manifest.parcelNotFound", message: "A selected parcel was not found." }),
  msg({ id: "error.manifest.tooManyParcels", message: "At most {max} parcels can go into one manifest request." }),
  msg({ id: "error.routingOption.unknownCountry", message: "{country} is not one of the manifest-carrier countries." }),
  // The carrier-list download of the customer form (spec 1 §5, §8).
  msg({ id: "error.carriersCsv.missingCredentials", message: "Missing required API credentials." }),
  msg({ id: "error.carriersCsv.downloadFailed", message: "Failed to download the ShippyPro carriers CSV file." }),
  msg({ id: "error.parcel.notFound", message: "The parcel was not found." }),
  msg({ id: "error.parcel.invalid", message: "The parcel has invalid values; correct the marked fields first." }),
  msg({ id: "error.parcel.manifested", message: "The parcel is in a manifest and cannot be changed any more." }),
  msg({ id: "error.parcel.busy", message: "A label for this parcel is being made right now. Please wait a moment." }),
  msg({ id: "error.parcel.noLabel", message: "The parcel has no label yet." }),
  msg({ id: "error.parcel.noCustomsDoc", message: "The parcel has no customs declaration." }),
  msg({ id: "error.parcel.page", message: "Page from 0 and page size from {min} to {max}." }),
  msg({ id: "error.parcel.filter", message: "The value of the filter {filter} is unknown." }),
  msg({ id: "error.parcel.labelType", message: "The label type {labelType} is unknown; choose PDF or ZPL." }),
  msg({ id: "error.parcel.bulkSize", message: "Choose between 1 and {max} parcels." }),
  msg({ id: "error.batch.rowNotFound", message: "The row was not found in this batch." }),
  msg({ id: "error.shipment.notFound", message: "The shipment was not found." }),
  msg({ id: "error.csvShipment.message.chooseCustomer", message: "Please choose a customer first." }),
  msg({ id: "error.addressBook.notFound", message: "The address book entry was not found." }),
  msg({ id: "error.addressBook.duplicate", message: "The address book already holds this address." }),
  msg({ id: "error.addressBook.validationErrors", message: "Nothing was imported. Rows that are not valid: {rows}." }),
  msg({
    id: "error.addressBook.tooManyRows",
    message: "The file holds {rows} entries; at most {maxRows} can be imported at once.",
  }),
  msg({ id: "jakarta.validation.constraints.NotEmpty", message: "This field must not be empty." }),
  msg({ id: "error.batch.unknownFilter", message: "The filter {filter} is unknown; use ALL, CHANGED or ERROR." }),
  msg({ id: "error.batch.filterNotAllowed", message: "The filter “{filter}” cannot be used for this action." }),
  msg({ id: "error.batch.labelType", message: "The label type {labelType} is unknown; choose PDF or ZPL." }),
  msg({ id: "error.batch.nothingToSend", message: "There are no valid shipments to send." }),
  msg({
    id: "error.batch.page",
    message: "Choose a page from 0 and a page size from 1 to {maxPageSize}.",
  }),
  msg({
    id: "error.batch.nothingToResend",
    message: "The filter “{filter}” selects no shipments; there is nothing to send again.",
  }),
  msg({
    id: "error.dontMixLabelTypes",
    message: "Labels of different types cannot be downloaded or printed together.",
  }),
  msg({ id: "error.batch.noLabels", message: "The batch has no labels yet." }),
  msg({ id: "error.logger.level", message: "Choose one of the levels {levels}." }),
  msg({ id: "error.logger.notFound", message: "There is no logger called “{name}”." }),
  msg({ id: "error.audits.page", message: "Choose a page from 0 and a page size from 1 to {maxPageSize}." }),
  msg({ id: "error.audits.sort", message: "The audits cannot be sorted by “{sort}”." }),
  msg({ id: "error.audits.date", message: "“{date}” is not a day written as YYYY-MM-DD." }),
  msg({ id: "error.databaseConsole.off", message: "The database console is not available in production." }),
  msg({ id: "error.databaseConsole.empty", message: "Write a SQL statement first." }),
  msg({
    id: "error.databaseConsole.readOnly",
    message: "The database console only reads: this statement would change data.",
  }),
  msg({ id: "error.databaseConsole.timeout", message: "The statement took longer than 5 seconds and was stopped." }),
  msg({ id: "error.databaseConsole.sql", message: "The database refused the statement: {message}" }),
  msg({
    id: "error.databaseConsole.denied",
    message:
      "The database console may not run this: it only reads the portal's tables, without credentials, maintenance commands or other sessions.",
  }),
  msg({
    id: "labelPrintingConnectionFailed",
    message: "The printer could not be reached. Check that the printing agent is running and the printer is on.",
  }),
  msg({ id: "labelPrintingFailed", message: "The labels could not be printed." }),
  msg({ id: "error.networkPrinter.notFound", message: "This network printer does not exist." }),
  msg({ id: "error.networkPrinter.notZpl", message: "Only ZPL labels can be sent to a printer." }),
  msg({
    id: "error.networkPrinter.addressRefused",
    message:
      "The portal may not connect to this address. Printers must be on the printer networks the operator allows, never on the portal's own services.",
  }),
  msg({ id: "error.networkPrinter.unknownHost", message: "The printer's host name could not be resolved." }),
  msg({
    id: "error.networkPrinter.notAPrinter",
    message: "The device at this address did not answer like a Zebra printer; nothing was sent to it.",
  }),
  msg({ id: "error.networkPrinter.noLabelsChosen", message: "Choose the labels to print: at most {max} at once." }),
  msg({ id: "error.webhook.notFound", message: "This webhook endpoint does not exist." }),
  msg({
    id: "error.webhook.addressRefused",
    message:
      "The portal may not send webhooks to this address: it is one of the portal's own services, a local or link-local address, or outside the networks the operator allows.",
  }),
  msg({ id: "error.webhook.unknownHost", message: "The endpoint's host name could not be resolved." }),
  msg({ id: "error.webhook.url", message: "Enter an https address without user name or fragment." }),
  msg({ id: "error.httpsUrl", message: "Enter an https address without user name or fragment." }),
  msg({ id: "error.webhook.tooManyEndpoints", message: "A customer can register at most 20 webhook endpoints." }),
  msg({ id: "error.webhook.timeout", message: "The endpoint did not answer in time." }),
  msg({ id: "error.webhook.unreachable", message: "The endpoint could not be reached." }),
  msg({ id: "error.customsDocs.notFound", message: "This customs document does not exist." }),
  msg({ id: "error.customsDocs.noneSelected", message: "Select at least one customs document." }),
  msg({
    id: "error.customsDocs.tooManySelected",
    message: "{selected} customs documents are selected; at most {max} can be downloaded at once.",
  }),
  msg({
    id: "error.customsDocs.bulkTooLarge",
    message: "The selected documents are too large for one download (at most {maxBytes} bytes); select fewer.",
  }),
  msg({ id: "error.customsDocs.fileType", message: "Only PDF files can be uploaded as customs documents." }),
  msg({ id: "error.customsDocs.fileSize", message: "A customs document must hold between 1 and {maxBytes} bytes." }),
  msg({ id: "error.customsDocs.filename", message: "The file name must have 1 to {max} characters." }),
  msg({
    id: "errorReduceSearchCriteria",
    message: "The report could not be produced. Please reduce the search criteria (a shorter period, fewer rows).",
  }),
  msg({
    id: "error.dontMixCommercialInvoicesChoice",
    message: "Shipments with and without commercial invoice data cannot be chosen together.",
  }),
  msg({ id: "error.report.noLabels", message: "None of the chosen shipments has a label." }),
  msg({
    id: "error.invoice.gtcNotAccepted",
    message: "Commercial invoices need the terms and conditions (GTC) accepted for the customer first.",
  }),
  msg({
    id: "error.invoice.pricingNotAccepted",
    message: "Commercial invoices are chargeable for this customer: accept the pricing first.",
  }),
  msg({ id: "error.invoice.sellerEoriMissing", message: "Enter the seller EORI of the customer first." }),
  msg({
    id: "error.invoice.invoiceNumberIsTaken",
    message: "This invoice number is already used for the customer. Please choose another one.",
  }),
  msg({
    id: "error.invoice.notInvoiceable",
    message: "A commercial invoice can only be made for manifested shipments that are not returns.",
  }),
  msg({ id: "error.invoice.alreadyInvoiced", message: "A chosen shipment is already on a commercial invoice." }),
  msg({ id: "error.invoice.notFound", message: "No commercial invoice with this number was found." }),
  msg({ id: "error.invoice.crmIds", message: "The customers' CRM ids could not be read." }),
  msg({
    id: "error.customer.sellerEori",
    message: "A seller EORI is two letters of a country followed by up to 15 letters or digits.",
  }),
  msg({ id: "error.report.noInvoices", message: "None of the chosen shipments has commercial invoice data." }),
  msg({ id: "error.report.noShipmentsSelected", message: "Choose at least one shipment." }),
  msg({ id: "error.csvShipment.no-customsDocs-found", message: "No customs documents were found for this batch." }),
  msg({ id: "error.batch.noManifest", message: "The batch has no manifest yet." }),
  msg({ id: "error.batch.noInvoice", message: "The batch has no commercial invoice data." }),
  msg({ id: "error.batch.trafficKind", message: "Choose request or response traffic, not {kind}." }),
  msg({ id: "error.batch.queueUnavailable", message: "The work could not be started. Please try again in a moment." }),
  msg({ id: "error.carrier.unavailable", message: "The carrier could not be reached. Please try again later." }),
  msg({
    id: "error.carrier.credentialsRefused",
    message: "The carrier refused the customer's login. Please check the carrier credentials.",
  }),
  msg({ id: "error.carrier.noCredentials", message: "The customer has no carrier login to ship with." }),
  msg({ id: "error.batch.nothingSent", message: "No shipment of the batch got a label." }),
  msg({
    id: "error.batch.cancelIncomplete",
    message: "The carrier did not cancel every label; the shipments show why.",
  }),
  msg({ id: "error.carrier.fault", message: "The carrier refused the request ({code}): {message}" }),
  msg({ id: "error.carrier.fault.mandatoryField", message: "The carrier needs a value in the field {field}." }),
  msg({
    id: "error.carrier.fault.invalidPostalCode",
    message: "The carrier does not know the postal code “{value}” at the destination.",
  }),
  msg({
    id: "error.carrier.fault.invalidField",
    message: "The carrier does not accept “{value}” in the field {field}.",
  }),
  msg({ id: "error.carrier.fault.invalidLabelType", message: "The carrier cannot print this label type." }),
  msg({ id: "error.carrier.fault.unknownIdentifier", message: "The carrier does not know this parcel." }),
  msg({
    id: "error.carrier.fault.alreadyManifested",
    message: "The parcel is already in a manifest at the carrier, so its label can no longer be cancelled.",
  }),
  msg({
    id: "error.carrier.fault.shipmentCancelled",
    message: "A parcel of the manifest was cancelled at the carrier.",
  }),
  msg({
    id: "error.batch.deleteIncomplete",
    message: "The batch was not deleted: the carrier did not cancel every label; the shipments show why.",
  }),
  msg({ id: "error.manifest.noShipments", message: "The batch has no labelled shipments for a manifest." }),
  msg({
    id: "error.shipment.notSendable",
    message: "Only a changed or failed shipment of a sent batch can be sent again (the batch’s status is “{status}”).",
  }),
  msg({
    id: "error.shipment.notCancellable",
    message: "Only a labelled shipment of a sent batch can be cancelled (the batch’s status is “{status}”).",
  }),
  msg({
    id: "error.shipment.inManifest",
    message: "The batch of this shipment has a manifest; its shipments cannot be deleted.",
  }),
  msg({ id: "error.shipment.noLabel", message: "The shipment has no label." }),
  msg({ id: "error.shipment.cancelFirst", message: "The shipment still has a valid label. Please cancel it first." }),
  msg({
    id: "error.shipment.notAllowedInStatus",
    message: "This cannot be done while the shipment is in the status “{status}”.",
  }),
  msg({
    id: "error.shipment.rowInvalid",
    message: "The row has errors. Please fix them before sending the shipment again.",
  }),
  // CSV batch files (core/batchcsv) and shipment validation (core/shipment).
  msg({ id: "error.csv.empty", message: "The file is empty." }),
  msg({ id: "error.csv.headerOnly", message: "The file has a header row but no shipments." }),
  msg({ id: "error.csv.binary", message: "The file is not a text file. Please upload a CSV file." }),
  msg({
    id: "error.csv.notWorkbook",
    message: "The file looks like an Excel workbook but cannot be read as one. Please save it again as .xlsx or CSV.",
  }),
  msg({
    id: "error.csv.delimiter",
    message: "The columns could not be told apart. Please separate them with a semicolon (;) or a comma (,).",
  }),
  msg({ id: "error.csv.tooLarge", message: "The file is larger than {maxMegabytes} MB." }),
  msg({ id: "error.csv.duplicateColumns", message: "These columns appear more than once: {columns}." }),
  msg({ id: "error.csv.brokenQuotes", message: "The quotation marks in line {line} are misplaced or not closed." }),
  msg({
    id: "error.csv.unknownColumns",
    message: "These columns are unknown: {columns}. Please use the column names of the CSV template.",
  }),
  msg({ id: "error.csv.unnamedColumn", message: "Column {column} has values but no name in the header row." }),
  msg({ id: "error.csv.rowTooLong", message: "Line {line} has more values than the header row has columns." }),
  msg({ id: "error.shipment.mandatory", message: "This field is mandatory." }),
  msg({ id: "error.shipment.maxLength", message: "At most {max} characters are allowed." }),
  msg({ id: "error.shipment.number", message: "Please enter a number, for example 1.5 or 1,5." }),
  msg({ id: "error.shipment.integer", message: "Please enter a whole number." }),
  msg({ id: "error.shipment.positive", message: "The number must be greater than 0." }),
  msg({ id: "error.shipment.notNegative", message: "The number must not be negative." }),
  msg({ id: "error.shipment.max", message: "The number must not be greater than {max}." }),
  msg({ id: "error.shipment.country", message: "Please enter a two-letter ISO country code, for example DE." }),
  msg({ id: "error.shipment.email", message: "Please enter a valid e-mail address." }),
  msg({ id: "error.shipment.phone", message: "Please enter a valid phone number." }),
  msg({ id: "error.shipment.postalCode", message: "This is not a valid postal code for {country}." }),
  msg({ id: "error.shipment.currency", message: "Please enter a three-letter ISO currency code, for example EUR." }),
  msg({ id: "error.shipment.unknownCode", message: "The code {code} is unknown." }),
  msg({ id: "error.shipment.notAvailable", message: "Your contract does not include {product} with {service}." }),
  msg({
    id: "error.shipment.optionNotAvailable",
    message: "Your contract does not include the option {option} for {product} with {service}.",
  }),
  msg({
    id: "error.shipment.a1Only",
    message: "{code} is only available to customers shipping through the A1 client.",
  }),
  msg({
    id: "error.shipment.returnFormat",
    message:
      "Please enter the return type and the return option separated by a vertical bar, for example EPAQRETDOM|RETPP.",
  }),
  msg({
    id: "error.shipment.returnPair",
    message: "The return option {returnOption} is not possible with the return type {returnType}.",
  }),
  msg({ id: "error.shipment.returnNotAvailable", message: "Your contract does not include the return type {code}." }),
  msg({
    id: "error.shipment.returnDestination",
    message: "The return type {code} does not fit the destination country.",
  }),
  msg({
    id: "error.shipment.mandatoryOrderLine",
    message:
      "Mandatory order line: shipments to destinations outside the EU customs union need order lines for the customs declaration.",
  }),
  msg({ id: "error.shipment.hsCode", message: "Please enter a customs tariff number of 6 to 10 digits." }),
  msg({ id: "error.shipment.url", message: "Please enter a web address starting with http:// or https://." }),
  msg({
    id: "error.shipment.eori",
    message: "Please enter an EORI number: a country code followed by up to 15 letters or digits.",
  }),
  msg({
    id: "error.shipment.eoriRequired",
    message: "The value of the shipment exceeds {threshold} for {country}, so the seller EORI is required.",
  }),
  msg({ id: "error.shipment.oneOf", message: "Please choose one of: {allowed}." }),
  msg({
    id: "error.shipment.notWithDap",
    message: "Duties and taxes are not charged with incoterm DAP; leave this empty or 0.",
  }),
  msg({ id: "login.error.unauthorized", message: "Your session has ended. Please sign in again." }),
  // Account failures (core/account): sign-in, MFA, registration, activation and passwords.
  msg({ id: "error.badCredentials", message: "Failed to sign in! Please check your credentials and try again." }),
  msg({
    id: "error.notActivated",
    message: "Your account is not active. Please use the link in your activation e-mail or contact us.",
  }),
  msg({ id: "error.userexists", message: "This username is already taken. Please choose another one." }),
  msg({ id: "error.emailexists", message: "This e-mail address is already in use. Please choose another one." }),
  msg({ id: "error.invalidKey", message: "This link is invalid or has expired. Please request a new e-mail." }),
  msg({ id: "error.mfa.wrongCode", message: "The code is not correct. Please enter the code your app shows now." }),
  msg({
    id: "error.mfa.codeReused",
    message: "This code has already been used. Please wait for the next code in your app.",
  }),
  msg({ id: "error.mfa.pending", message: "Your sign-in has expired. Please sign in again." }),
  msg({
    id: "error.mfa.attemptsExhausted",
    message: "Too many wrong codes. This sign-in has ended: please sign in again with your password.",
  }),
  msg({ id: "password.messages.error", message: "An error has occurred! The password could not be changed." }),
  msg({ id: "error.currentPasswordWrong", message: "The current password is not correct." }),
  msg({ id: "error.captcha", message: "The security check failed. Please try again." }),
  msg({
    id: "error.captchaRequired",
    message: "Too many failed sign-ins. Please complete the security check and try again.",
  }),
  msg({ id: "error.tooManyAttempts", message: "Too many failed attempts. Please wait a few minutes and try again." }),
  msg({
    id: "error.tooManyResetRequests",
    message: "Too many password reset requests. Please wait a quarter of an hour and try again.",
  }),
  msg({
    id: "error.tooManyStreams",
    message: "Too many pages follow batches live in this session. This page refreshes every few seconds instead.",
  }),
  msg({
    id: "error.batchProgressStreamOff",
    message: "Live batch progress is turned off. This page refreshes every few seconds instead.",
  }),
  msg({ id: "error.userNotFound", message: "No user was found." }),
  msg({
    id: "error.identityUnavailable",
    message: "Sign-in is not available right now. Please try again in a moment.",
  }),
  msg({
    id: "error.passwordRejected",
    message: "This password is not accepted: it is too common or too similar to your login. Please choose another one.",
  }),
  msg({ id: "error.inquiry.invalidCaptcha", message: "The security check failed. Please solve the captcha again." }),
  msg({
    id: "error.inquiry.tooManyRequests",
    message: "Too many inquiries from your address. Please wait a quarter of an hour and try again.",
  }),
  msg({ id: "error.inquiry.tenantNotFound", message: "This inquiry address is not known." }),
  msg({ id: "error.inquiry.notFound", message: "No inquiry was found for this parcel." }),
  msg({
    id: "error.newsletter.invalidLink",
    message: "This link is not valid or has expired. Please subscribe again to get a new one.",
  }),
  msg({ id: "error.mismatch", message: "This field does not match its repetition." }),
  msg({ id: "error.date", message: "This field needs a valid date." }),
  msg({ id: "error.oneOf", message: "This field has a value that is not offered." }),
  msg({ id: "error.singleLine", message: "This field may not contain line breaks or control characters." }),
  msg({ id: "error.consent", message: "Please confirm that the data may be processed." }),
  msg({ id: "error.maxFiles", message: "At most 3 files may be attached." }),
  msg({ id: "error.maxFileSize", message: "Each file may have at most 8,000,000 bytes." }),
  msg({ id: "error.fileType", message: "Only PDF, PNG, JPG, GIF and TXT files may be attached." }),
  msg({ id: "error.fileName", message: "A file name is empty, too long or contains a path." }),
  // Carries a server text that has no key of its own; translators keep it as it is.
  msg({ id: "error.message", message: "{message}" }),
] satisfies MessageDescriptor[];

const knownKeys = new Set<string>(catalog.map((descriptor) => descriptor.id));

/** Whether the catalogs hold a translation for this key. */
export function isKnownMessageKey(key: string): boolean {
  return knownKeys.has(key);
}
