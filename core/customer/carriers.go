package customer

// The carrier-list download of the customer form (spec 1 sections 2, 5 and
// 8): the aggregator's (ShippyPro's) list of carriers as CSV, fetched with
// the customer's API user name and password.
const (
	// KeyCarriersMissingCredentials: no API user name or password
	// ('Missing required API credentials.').
	KeyCarriersMissingCredentials = "error.carriersCsv.missingCredentials"
	// KeyCarriersDownloadFailed: the aggregator refused the login or could
	// not be reached ('Failed to download the ShippyPro carriers CSV file.').
	KeyCarriersDownloadFailed = "error.carriersCsv.downloadFailed"
	// CarriersFileName is the downloaded file's name.
	CarriersFileName = "shippypro-carriers.csv"
)
