package shipment

// invoice checks the commercial-invoice columns. Written later.
func (c *check) invoice() {}
