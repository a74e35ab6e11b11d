package batch

import (
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// Object names batches in failures.
const Object = "batch"

// Message keys of batch failures.
const (
	KeyNotFound         = "error.batch.notFound"
	KeyRowNotFound      = "error.batch.rowNotFound"
	KeyShipmentNotFound = "error.shipment.notFound"
	// KeyChooseCustomer: an upload needs the active customer (spec 2 section 8).
	KeyChooseCustomer = "error.csvShipment.message.chooseCustomer"
	KeyLabelType      = "error.batch.labelType"
	KeyNothingToSend  = "error.batch.nothingToSend"
	// KeyNothingToResend: the resend's filter selects no shipment.
	KeyNothingToResend = "error.batch.nothingToResend"
	KeyAdminOnly       = "error.adminOnly"
	KeyNoLabels        = "error.batch.noLabels"
	// KeyNoCustomsDocs is the key ending csvShipment.no-customsDocs-found of spec 2 section 8.
	KeyNoCustomsDocs       = "error.csvShipment.no-customsDocs-found"
	KeyNoManifest          = "error.batch.noManifest"
	KeyNoInvoice           = "error.batch.noInvoice"
	KeyTrafficKind         = "error.batch.trafficKind"
	KeyFilterNotAllowed    = "error.batch.filterNotAllowed"
	KeyShipmentNotSendable = "error.shipment.notSendable"
	KeyShipmentNotCancel   = "error.shipment.notCancellable"
	KeyShipmentInManifest  = "error.shipment.inManifest"
	KeyShipmentNoLabel     = "error.shipment.noLabel"
	KeyShipmentCancelFirst = "error.shipment.cancelFirst"
	KeyShipmentRowInvalid  = shipment.KeyRowInvalid
	KeyQueueUnavailable    = "error.batch.queueUnavailable"
)

// Failures every adapter and use case shares.
var (
	ErrNotFound         = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: Object}
	ErrRowNotFound      = &failure.Error{Kind: failure.NotFound, Key: KeyRowNotFound, Entity: Object}
	ErrShipmentNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyShipmentNotFound, Entity: "shipment"}
	ErrChooseCustomer   = &failure.Error{Kind: failure.Invalid, Key: KeyChooseCustomer, Entity: Object}
	// ErrAdminOnly refuses a step the caller's role may not take on the
	// batch in its state: cancelling a send, resending every row, deleting
	// shipments in bulk (spec 2 sections 4.2 and 5.2). It is a Conflict,
	// not Forbidden: the caller may use these calls (adapters/rpc/policies.go),
	// only not for this batch now, and the webapp signs the user out on
	// 403 (spec 1 section 8), which a stale page's button must not cause.
	ErrAdminOnly = &failure.Error{Kind: failure.Conflict, Key: KeyAdminOnly, Entity: Object}
	// ErrAdminAccessOnly repeats the access table's admin-only entries in
	// the use case (the traffic download): Forbidden, as the table answers.
	ErrAdminAccessOnly = &failure.Error{Kind: failure.Forbidden, Key: KeyAdminOnly, Entity: Object}
)
