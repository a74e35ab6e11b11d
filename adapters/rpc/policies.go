package rpc

import (
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/core/access"
)

var (
	admins  = access.AnyOf(access.Admin, access.SuperAdmin)
	staff   = access.AnyOf(access.Admin, access.SuperAdmin, access.Operations)
	public  = access.Public()
	anyRole = access.Authenticated()
)

// policies names, for every procedure the API serves, who may call it. A
// procedure missing here is refused to everybody; a test walks the services
// so that none is missing.
var policies = map[string]access.Policy{
	portalv1connect.ManagementServiceGetInfoProcedure:                public,
	portalv1connect.ManagementServiceGetProductsAndServicesProcedure: public,
	portalv1connect.ManagementServiceGetVersionProcedure:             public,
	portalv1connect.ManagementServiceGetHealthProcedure:              public,

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

	// Documents, acss files, news and the invoice report are maintained by
	// admins; every signed-in user reads the active documents (shipping
	// screens) and the news of a locale (dashboard).
	portalv1connect.DocumentServiceListProductCodesDocsProcedure:         admins,
	portalv1connect.DocumentServiceGetActiveProductCodesDocProcedure:     anyRole,
	portalv1connect.DocumentServiceGetProductCodesDocProcedure:           admins,
	portalv1connect.DocumentServiceDownloadProductCodesDocProcedure:      admins,
	portalv1connect.DocumentServiceCreateProductCodesDocProcedure:        admins,
	portalv1connect.DocumentServiceUpdateProductCodesDocProcedure:        admins,
	portalv1connect.DocumentServiceDeleteProductCodesDocProcedure:        admins,
	portalv1connect.DocumentServiceListCsvTemplateDocsProcedure:          admins,
	portalv1connect.DocumentServiceGetActiveCsvTemplateDocProcedure:      anyRole,
	portalv1connect.DocumentServiceGetCsvTemplateDocProcedure:            admins,
	portalv1connect.DocumentServiceDownloadCsvTemplateDocProcedure:       admins,
	portalv1connect.DocumentServiceCreateCsvTemplateDocProcedure:         admins,
	portalv1connect.DocumentServiceUpdateCsvTemplateDocProcedure:         admins,
	portalv1connect.DocumentServiceDeleteCsvTemplateDocProcedure:         admins,
	portalv1connect.AcssServiceListAcssesProcedure:                       admins,
	portalv1connect.AcssServiceGetAcssProcedure:                          admins,
	portalv1connect.AcssServiceDownloadAcssProcedure:                     admins,
	portalv1connect.AcssServiceCreateAcssProcedure:                       admins,
	portalv1connect.AcssServiceUpdateAcssProcedure:                       admins,
	portalv1connect.AcssServiceDeleteAcssProcedure:                       admins,
	portalv1connect.NewsServiceListNewsProcedure:                         admins,
	portalv1connect.NewsServiceListNewsForLocaleProcedure:                anyRole,
	portalv1connect.NewsServiceGetNewsProcedure:                          admins,
	portalv1connect.NewsServiceCreateNewsProcedure:                       admins,
	portalv1connect.NewsServiceUpdateNewsProcedure:                       admins,
	portalv1connect.NewsServiceMoveNewsProcedure:                         admins,
	portalv1connect.NewsServiceDeleteNewsProcedure:                       admins,
	portalv1connect.InvoiceReportServiceGetMonthlyInvoiceReportProcedure: admins,
	portalv1connect.InvoiceReportServiceGetYearlyInvoiceReportProcedure:  admins,
}

// duringMFA are the procedures a session may call while its sign-in still
// owes the second factor: finish the dialog, or cancel it.
var duringMFA = map[string]bool{
	portalv1connect.AccountServiceVerifyMfaCodeProcedure:          true,
	portalv1connect.AccountServiceSkipMfaProcedure:                true,
	portalv1connect.AccountServiceGetMfaRegistrationCodeProcedure: true,
	portalv1connect.AccountServiceLogoutProcedure:                 true,
}
