package batchjob

import "parcelportal/core/carrier"

// Message keys a job leaves on a shipment or a batch that did not get
// through; the webapp translates them.
const (
	// KeyCarrierUnavailable: the carrier did not answer, also after retries.
	KeyCarrierUnavailable = "error.carrier.unavailable"
	// KeyCredentialsRefused: the carrier refused the customer's login.
	KeyCredentialsRefused = carrier.KeyCredentialsRefused
	// KeyNoCredentials: the customer has no carrier login to send with.
	KeyNoCredentials = "error.carrier.noCredentials"
	// KeyNothingSent: no shipment of the batch got a label.
	KeyNothingSent = "error.batch.nothingSent"
	// KeyVoidIncomplete: the carrier refused to cancel some labels.
	KeyVoidIncomplete = "error.batch.cancelIncomplete"
	// KeyDeleteIncomplete: a delete of the batch could not cancel every
	// label, so the batch stays (ERROR_SEND); its shipments show why.
	KeyDeleteIncomplete = "error.batch.deleteIncomplete"
	// KeyNothingToManifest: the batch has no labelled shipment.
	KeyNothingToManifest = "error.manifest.noShipments"
)
