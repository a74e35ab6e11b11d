package rpc

import (
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/parcels"
	"parcelportal/app/trackingsearch"
	"parcelportal/app/webhooks"
	"parcelportal/core/access"
	"parcelportal/core/linkdownload"
)

var (
	// admins, staff, superAdmin and anyRole are the policies the use cases
	// check again (core/access), named as this table reads them.
	admins = access.Admins
	staff  = access.Staff
	public = access.Public()
	// anonymous calls never read the caller: a bearer sent with them is not looked up.
	anonymous = access.Anonymous()
	anyRole   = access.SignedIn
	// customerRoles may reach the customer screens (spec 3 section 6).
	customerRoles = access.FormUsers

	superAdmin = access.SuperAdmins
	// trackingRoles may reach tracking (spec 3 section 6).
	trackingRoles = trackingsearch.Roles
	// shippingRoles may reach the batch, shipment and parcel pages (spec 2 section 6).
	shippingRoles = access.AnyOf(access.Admin, access.SuperAdmin, access.User, access.Operations)
	// parcelRoles are the shipping roles and integrators' API logins (app/parcels checks it again).
	parcelRoles = parcels.Roles
	// reporters may reach the report and the customs documents (spec 2 section 6).
	reporters = access.Reporters
)

// policies names, for every procedure the API serves, who may call it. A
// procedure missing here is refused to everybody; a test walks the services
// so that none is missing.
var policies = map[string]access.Policy{
	portalv1connect.ManagementServiceGetInfoProcedure:                anonymous,
	portalv1connect.ManagementServiceGetProductsAndServicesProcedure: anonymous,
	portalv1connect.ManagementServiceGetVersionProcedure:             anonymous,
	portalv1connect.ManagementServiceGetHealthProcedure:              public,
	// The operators' console is for admins (spec 1 sections 2 and 6).
	portalv1connect.ManagementServiceGetMetricsProcedure:     admins,
	portalv1connect.ManagementServiceGetThreadDumpProcedure:  admins,
	portalv1connect.ManagementServiceListLoggersProcedure:    admins,
	portalv1connect.ManagementServiceSetLoggerLevelProcedure: admins,
	portalv1connect.ManagementServiceGetConfigPropsProcedure: admins,
	portalv1connect.ManagementServiceGetEnvProcedure:         admins,
	portalv1connect.ManagementServiceListAuditsProcedure:     admins,
	// Outside production only; the use case refuses it there.
	portalv1connect.ManagementServiceRunDatabaseQueryProcedure: admins,

	portalv1connect.CaptchaServiceGetChallengeProcedure: public,

	portalv1connect.AccountServiceAuthenticateProcedure:           public,
	portalv1connect.AccountServiceRegisterProcedure:               public,
	portalv1connect.AccountServiceActivateProcedure:               public,
	portalv1connect.AccountServiceRequestPasswordResetProcedure:   public,
	portalv1connect.AccountServiceFinishPasswordResetProcedure:    public,
	portalv1connect.AccountServiceVerifyMfaCodeProcedure:          anyRole,
	portalv1connect.AccountServiceSkipMfaProcedure:                anyRole,
	portalv1connect.AccountServiceGetMfaRegistrationCodeProcedure: anyRole,
	portalv1connect.AccountServiceGetAccountProcedure:             anyRole,
	portalv1connect.AccountServiceSaveAccountProcedure:            anyRole,
	portalv1connect.AccountServiceChangePasswordProcedure:         anyRole,
	portalv1connect.AccountServiceLogoutProcedure:                 anyRole,

	portalv1connect.UserServiceListUsersProcedure:       admins,
	portalv1connect.UserServiceListAuthoritiesProcedure: admins,
	portalv1connect.UserServiceGetUserProcedure:         admins,
	portalv1connect.UserServiceCreateUserProcedure:      admins,
	portalv1connect.UserServiceUpdateUserProcedure:      admins,
	portalv1connect.UserServiceDeleteUserProcedure:      admins,

	// Linking a login to a customer grants access to that customer's data,
	// so only staff maintain links; everybody reads their own.
	portalv1connect.UserDataServiceGetMyUserDataProcedure:  anyRole,
	portalv1connect.UserDataServiceListUserDataProcedure:   staff,
	portalv1connect.UserDataServiceGetUserDataProcedure:    staff,
	portalv1connect.UserDataServiceCreateUserDataProcedure: staff,
	portalv1connect.UserDataServiceUpdateUserDataProcedure: staff,
	portalv1connect.UserDataServiceDeleteUserDataProcedure: staff,
	// Self-registrations wait for the staff who link them.
	portalv1connect.UserDataServiceListPendingRegistrationsProcedure: staff,

	// Customers (spec 3 sections 2 and 6): the entity roles read and edit the
	// customers they may act for (each use case checks CanActFor; non-admins
	// change General fields only); every role reads its own customer and
	// the GTC; only admins create, delete and test credentials. The consents
	// are the customer form's, so only its roles give them (a tracking-only
	// login reaches tracking and nothing else; the use case checks again).
	// The auto-manifest clock is for USER, OPERATIONS and the admins.
	portalv1connect.CustomerServiceListCustomersProcedure:         customerRoles,
	portalv1connect.CustomerServiceGetCustomerProcedure:           anyRole,
	portalv1connect.CustomerServiceGetCustomerFullProcedure:       customerRoles,
	portalv1connect.CustomerServiceCreateCustomerProcedure:        admins,
	portalv1connect.CustomerServiceUpdateCustomerProcedure:        customerRoles,
	portalv1connect.CustomerServiceDeleteCustomerProcedure:        admins,
	portalv1connect.CustomerServiceGetPrinterSettingsProcedure:    anyRole,
	portalv1connect.CustomerServiceUpdatePrinterSettingsProcedure: customerRoles,
	portalv1connect.CustomerServiceUpdateAutoManifestProcedure:    customerRoles,
	portalv1connect.CustomerServiceSetGtcAcceptedProcedure:        customerRoles,
	portalv1connect.CustomerServiceSetCiPricingAcceptedProcedure:  customerRoles,
	portalv1connect.CustomerServiceSetSellerEorisProcedure:        customerRoles,
	portalv1connect.CustomerServiceCheckApiCredentialsProcedure:   admins,
	portalv1connect.CustomerServiceDownloadCarriersCsvProcedure:   admins,
	portalv1connect.CustomerServiceGetGtcDocumentProcedure:        anyRole,
	portalv1connect.CustomerServiceGetGtcPagesProcedure:           anyRole,

	// Tenants: staff read them, admins edit them and check their carrier
	// logins, only the super admin creates and deletes them. Fulfillments and
	// the customer choices are staff work.
	portalv1connect.TenantServiceListTenantsProcedure:                    staff,
	portalv1connect.TenantServiceListAllTenantsProcedure:                 staff,
	portalv1connect.TenantServiceGetTenantProcedure:                      staff,
	portalv1connect.TenantServiceCreateTenantProcedure:                   superAdmin,
	portalv1connect.TenantServiceUpdateTenantProcedure:                   admins,
	portalv1connect.TenantServiceDeleteTenantProcedure:                   superAdmin,
	portalv1connect.TenantServiceCheckTenantCredentialsProcedure:         admins,
	portalv1connect.FulfillmentServiceListFulfillmentsProcedure:          staff,
	portalv1connect.FulfillmentServiceGetFulfillmentProcedure:            staff,
	portalv1connect.FulfillmentServiceCreateFulfillmentProcedure:         staff,
	portalv1connect.FulfillmentServiceUpdateFulfillmentProcedure:         staff,
	portalv1connect.FulfillmentServiceDeleteFulfillmentProcedure:         staff,
	portalv1connect.FulfillmentServiceCheckFulfillmentCustomersProcedure: staff,
	portalv1connect.FulfillmentServiceListCustomerChoicesProcedure:       staff,

	// Documents, acss files, news and the invoice report are maintained by
	// admins; every signed-in user reads the active documents (shipping
	// screens) and the news of a locale (dashboard).
	portalv1connect.DocumentServiceListProductCodesDocsProcedure:     admins,
	portalv1connect.DocumentServiceGetActiveProductCodesDocProcedure: anyRole,
	portalv1connect.DocumentServiceGetProductCodesDocProcedure:       admins,
	portalv1connect.DocumentServiceDownloadProductCodesDocProcedure:  admins,
	portalv1connect.DocumentServiceCreateProductCodesDocProcedure:    admins,
	portalv1connect.DocumentServiceUpdateProductCodesDocProcedure:    admins,
	portalv1connect.DocumentServiceDeleteProductCodesDocProcedure:    admins,
	portalv1connect.DocumentServiceListCsvTemplateDocsProcedure:      admins,
	portalv1connect.DocumentServiceGetActiveCsvTemplateDocProcedure:  anyRole,
	portalv1connect.DocumentServiceGetCsvTemplateDocProcedure:        admins,
	portalv1connect.DocumentServiceDownloadCsvTemplateDocProcedure:   admins,
	portalv1connect.DocumentServiceCreateCsvTemplateDocProcedure:     admins,
	portalv1connect.DocumentServiceUpdateCsvTemplateDocProcedure:     admins,
	portalv1connect.DocumentServiceDeleteCsvTemplateDocProcedure:     admins,
	// The legal pages: admins publish them, anybody reads them (issue 25).
	portalv1connect.DocumentServiceListLegalPagesProcedure:    admins,
	portalv1connect.DocumentServicePublishLegalPageProcedure:  admins,
	portalv1connect.DocumentServiceWithdrawLegalPageProcedure: admins,
	portalv1connect.DocumentServiceReadLegalPageProcedure:     public,
	portalv1connect.AcssServiceListAcssesProcedure:            admins,
	portalv1connect.AcssServiceGetAcssProcedure:               admins,
	portalv1connect.AcssServiceDownloadAcssProcedure:          admins,
	portalv1connect.AcssServiceCreateAcssProcedure:            admins,
	portalv1connect.AcssServiceUpdateAcssProcedure:            admins,
	portalv1connect.AcssServiceDeleteAcssProcedure:            admins,
	portalv1connect.NewsServiceListNewsProcedure:              admins,
	portalv1connect.NewsServiceListNewsForLocaleProcedure:     anyRole,
	portalv1connect.NewsServiceGetNewsProcedure:               admins,
	portalv1connect.NewsServiceCreateNewsProcedure:            admins,
	portalv1connect.NewsServiceUpdateNewsProcedure:            admins,
	portalv1connect.NewsServiceMoveNewsProcedure:              admins,
	portalv1connect.NewsServiceDeleteNewsProcedure:            admins,
	// Tracking (spec 3 section 6): the tracking roles; each use case checks
	// again and scopes to the caller's customers.
	portalv1connect.TrackingServiceSearchTrackingProcedure:       trackingRoles,
	portalv1connect.TrackingServiceGetTrackingParcelProcedure:    trackingRoles,
	portalv1connect.TrackingServiceGetTrackingEventsProcedure:    trackingRoles,
	portalv1connect.TrackingServiceGetTrackingReceiverProcedure:  trackingRoles,
	portalv1connect.TrackingServiceGetTrackingSenderProcedure:    trackingRoles,
	portalv1connect.TrackingServiceListTrackingProductsProcedure: trackingRoles,
	portalv1connect.TrackingServiceExportTrackingCsvProcedure:    trackingRoles,
	portalv1connect.TrackingServiceExportTrackingExcelProcedure:  trackingRoles,
	// The dashboard (spec 3 section 6): the tracking roles; app/dashboards
	// checks again and scopes the counts to the customers the caller acts for.
	portalv1connect.DashboardServiceListParcelsPerCountryProcedure: trackingRoles,
	portalv1connect.DashboardServiceGetParcelsInCountryProcedure:   trackingRoles,
	portalv1connect.DashboardServiceGetShipmentTrackingProcedure:   trackingRoles,

	portalv1connect.InvoiceReportServiceGetMonthlyInvoiceReportProcedure: admins,
	portalv1connect.InvoiceReportServiceGetYearlyInvoiceReportProcedure:  admins,

	// Batches and shipments (spec 2 section 6): the shipping roles, scoped to
	// the customers they act for by the use cases. Cancelling a send,
	// regenerating a manifest, resending ALL and deleting shipments in bulk
	// are admins' within those use cases; the traffic is admins' only.
	portalv1connect.BatchServiceListBatchesProcedure:                    shippingRoles,
	portalv1connect.BatchServiceGetBatchProcedure:                       shippingRoles,
	portalv1connect.BatchServiceWatchBatchesProcedure:                   shippingRoles,
	portalv1connect.BatchServiceDownloadBatchTemplateProcedure:          shippingRoles,
	portalv1connect.BatchServiceCreateBatchProcedure:                    shippingRoles,
	portalv1connect.BatchServiceDeleteBatchProcedure:                    shippingRoles,
	portalv1connect.BatchServiceSendBatchProcedure:                      shippingRoles,
	portalv1connect.BatchServiceCancelBatchProcedure:                    shippingRoles,
	portalv1connect.BatchServiceResendBatchProcedure:                    shippingRoles,
	portalv1connect.BatchServiceDeleteBatchShipmentsProcedure:           shippingRoles,
	portalv1connect.BatchServiceCreateBatchManifestProcedure:            shippingRoles,
	portalv1connect.BatchServiceSendBatchShipmentProcedure:              shippingRoles,
	portalv1connect.BatchServiceCancelBatchShipmentProcedure:            shippingRoles,
	portalv1connect.BatchServiceListValidatedShipmentsProcedure:         shippingRoles,
	portalv1connect.BatchServiceUpdateValidatedShipmentProcedure:        shippingRoles,
	portalv1connect.BatchServiceListBatchShipmentsProcedure:             shippingRoles,
	portalv1connect.BatchServiceCreateBatchDownloadTokenProcedure:       shippingRoles,
	portalv1connect.BatchServiceDownloadBatchLabelsProcedure:            shippingRoles,
	portalv1connect.BatchServiceDownloadBatchCustomsDocsProcedure:       shippingRoles,
	portalv1connect.BatchServiceDownloadBatchManifestProcedure:          shippingRoles,
	portalv1connect.BatchServiceDownloadBatchCommercialInvoiceProcedure: shippingRoles,
	portalv1connect.BatchServiceDownloadBatchCsvProcedure:               shippingRoles,
	portalv1connect.BatchServiceDownloadBatchTrafficProcedure:           admins,

	// Parcels (spec 2 sections 2.3 and 6): the shipping roles and
	// integrators' ROLE_API logins (their parcels are API parcels), scoped
	// to the customers they act for by each use case; bulk delete is admins'.
	portalv1connect.ParcelServiceValidateParcelProcedure:                    parcelRoles,
	portalv1connect.ParcelServiceCreateParcelProcedure:                      parcelRoles,
	portalv1connect.ParcelServiceUpdateParcelProcedure:                      parcelRoles,
	portalv1connect.ParcelServiceLabelParcelProcedure:                       parcelRoles,
	portalv1connect.ParcelServiceDownloadParcelLabelProcedure:               parcelRoles,
	portalv1connect.ParcelServiceDownloadParcelCustomsDeclarationsProcedure: parcelRoles,
	portalv1connect.ParcelServiceGetParcelProcedure:                         parcelRoles,
	portalv1connect.ParcelServiceDeleteParcelProcedure:                      parcelRoles,
	portalv1connect.ParcelServiceBulkDeleteParcelsProcedure:                 admins,
	portalv1connect.ParcelServiceListParcelsProcedure:                       parcelRoles,
	portalv1connect.ShipmentServiceListShipmentsProcedure:                   shippingRoles,
	portalv1connect.ShipmentServiceGetShipmentProcedure:                     shippingRoles,
	portalv1connect.ShipmentServiceDeleteShipmentProcedure:                  shippingRoles,
	portalv1connect.ShipmentServiceDownloadShipmentLabelProcedure:           shippingRoles,
	portalv1connect.ShipmentServiceGetShipmentDetailsProcedure:              shippingRoles,

	portalv1connect.ReportServiceSearchReportProcedure:                reporters,
	portalv1connect.ReportServiceExportReportExcelProcedure:           reporters,
	portalv1connect.ReportServiceDownloadReportLabelsProcedure:        reporters,
	portalv1connect.ReportServiceDownloadReportLabelsByIdsProcedure:   reporters,
	portalv1connect.ReportServiceDownloadReportInvoicesProcedure:      reporters,
	portalv1connect.ReportServiceDownloadReportInvoiceByIdsProcedure:  reporters,
	portalv1connect.ReportServiceGetInvoiceCustomersProcedure:         reporters,
	portalv1connect.ReportServiceCheckInvoiceNumberProcedure:          reporters,
	portalv1connect.ReportServiceCreateCommercialInvoiceProcedure:     reporters,
	portalv1connect.ReportServiceGetCommercialInvoiceDetailsProcedure: reporters,
	// A report row's details; its carrier traffic is for admins (spec 2 section 6).
	portalv1connect.ReportDetailsServiceGetReportShipmentDetailsProcedure:      reporters,
	portalv1connect.ReportDetailsServiceDownloadReportShipmentTrafficProcedure: admins,
	// Manifests of parcels: the parcel pages' roles; the use case scopes the
	// parcels to the customers the caller acts for.
	portalv1connect.ManifestServiceCreateManifestProcedure: shippingRoles,
	// The default routing options are the admins' (the admin menu).
	portalv1connect.ManifestServiceListRoutingOptionsProcedure:  admins,
	portalv1connect.ManifestServiceUpdateRoutingOptionProcedure: admins,

	// The address book (spec 2 section 6: address-book pages for ADMIN,
	// SUPERADMIN, USER, OPERATIONS), scoped to the customers the caller acts
	// for by the use cases; the import's template with it.
	portalv1connect.AddressBookServiceListAddressBookEntriesProcedure: shippingRoles,
	portalv1connect.AddressBookServiceGetAddressBookEntryProcedure:    shippingRoles,
	portalv1connect.AddressBookServiceCreateAddressBookEntryProcedure: shippingRoles,
	portalv1connect.AddressBookServiceUpdateAddressBookEntryProcedure: shippingRoles,
	portalv1connect.AddressBookServiceDeleteAddressBookEntryProcedure: shippingRoles,
	portalv1connect.AddressBookServiceImportAddressBookProcedure:      shippingRoles,
	portalv1connect.AddressBookServiceExportAddressBookProcedure:      shippingRoles,
	portalv1connect.AddressBookServiceGetAddressBookTemplateProcedure: shippingRoles,

	// Staff configure a customer's network printers; the customer's users
	// list them and print (the use cases check the customer again).
	portalv1connect.PrinterServiceListNetworkPrintersProcedure:  customerRoles,
	portalv1connect.PrinterServiceCreateNetworkPrinterProcedure: staff,
	portalv1connect.PrinterServiceUpdateNetworkPrinterProcedure: staff,
	portalv1connect.PrinterServiceDeleteNetworkPrinterProcedure: staff,
	portalv1connect.PrinterServicePrintLabelsProcedure:          customerRoles,
	portalv1connect.PrinterServiceGetQzCertificateProcedure:     customerRoles,
	portalv1connect.PrinterServiceSignQzRequestProcedure:        customerRoles,

	// The customer's users and API logins manage its webhooks (issue 27);
	// app/webhooks checks it again, with the customers the caller acts for.
	portalv1connect.WebhookServiceListWebhookEndpointsProcedure:      webhooks.Managers,
	portalv1connect.WebhookServiceCreateWebhookEndpointProcedure:     webhooks.Managers,
	portalv1connect.WebhookServiceSetWebhookEndpointEnabledProcedure: webhooks.Managers,
	portalv1connect.WebhookServiceDeleteWebhookEndpointProcedure:     webhooks.Managers,
	portalv1connect.WebhookServiceListWebhookDeliveriesProcedure:     webhooks.Managers,
	portalv1connect.WebhookServiceSendWebhookTestEventProcedure:      webhooks.Managers,

	// The customs documents page is the report roles' (spec 2 section 6);
	// admins upload by hand. The use cases check the CRM id's customer.
	portalv1connect.CustomsDocumentServiceListCustomsDocumentsProcedure:         reporters,
	portalv1connect.CustomsDocumentServiceDownloadCustomsDocumentProcedure:      reporters,
	portalv1connect.CustomsDocumentServiceBulkDownloadCustomsDocumentsProcedure: reporters,
	portalv1connect.CustomsDocumentServiceUploadCustomsDocumentProcedure:        admins,
	// Anybody files an inquiry (anonymous visitors answer the captcha and
	// are throttled); the use cases check signed-in callers' roles and scope.
	portalv1connect.InquiryServiceGetInquiryTenantProcedure:    public,
	portalv1connect.InquiryServiceSubmitParcelInquiryProcedure: public,
	portalv1connect.InquiryServiceGetParcelInquiryPdfProcedure: trackingRoles,
	portalv1connect.InquiryServiceSubscribeNewsletterProcedure: trackingRoles,
	// The link's holder confirms; the token is the credential.
	portalv1connect.InquiryServiceConfirmNewsletterSubscriptionProcedure: public,
}

// linkDownloads are the GET downloads the batch page opens as plain links
// (spec 2 section 7: labels and commercial invoice with ?bearer=): a link
// cannot carry the Authorization header, so its bearer parameter carries a
// download token made for that download of that batch
// (CreateBatchDownloadToken), never a session token. No other procedure
// reads a token from the URL.
var linkDownloads = map[string]linkdownload.Purpose{
	portalv1connect.BatchServiceDownloadBatchLabelsProcedure:            linkdownload.BatchLabels,
	portalv1connect.BatchServiceDownloadBatchCommercialInvoiceProcedure: linkdownload.BatchCommercialInvoice,
}

// duringMFA are the procedures a session may call while its sign-in still
// owes the second factor: finish the dialog, or cancel it.
var duringMFA = map[string]bool{
	portalv1connect.AccountServiceVerifyMfaCodeProcedure:          true,
	portalv1connect.AccountServiceSkipMfaProcedure:                true,
	portalv1connect.AccountServiceGetMfaRegistrationCodeProcedure: true,
	portalv1connect.AccountServiceLogoutProcedure:                 true,
}
