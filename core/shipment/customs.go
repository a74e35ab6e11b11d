package shipment

// customs checks the rules for destinations outside the customs union. Written later.
func (c *check) customs() {}

// orderLines checks every order line's fields. Written later.
func (c *check) orderLines() {}
