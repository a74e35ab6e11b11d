package carrier

import _ "embed"

// WSDL is the carrier's service description: what this adapter speaks and
// what the simulator serves on GET ?wsdl.
//
//go:embed carrier.wsdl
var WSDL []byte

// WSDLAddress is the endpoint the WSDL names, the simulator's default.
const WSDLAddress = "http://127.0.0.1:8091/shipping"
