package shipment

// codes checks the product, service, options, format and return choice
// against the carrier's catalog and the customer's features. Written later.
func (c *check) codes() {}
