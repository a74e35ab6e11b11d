package webhook

import (
	"net/netip"

	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// Reach is the rule of the addresses the server may post webhooks to: the
// network printers' rule (never the portal's own services; loopback,
// unspecified and multicast only inside a network the operator lists in
// WEBHOOK_NETWORKS; only listed networks when any are listed), and never a
// link-local address (the cloud's metadata service lives there), listed or
// not. It is applied when an endpoint is saved and again on the address
// each delivery connects to, against DNS rebinding.
type Reach struct {
	Printer printer.Reach
}

// Check refuses an address the server must not post to.
func (r Reach) Check(to netip.AddrPort) error {
	ip := to.Addr().Unmap()
	if ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() {
		return refused()
	}
	if err := r.Printer.Check(to); err != nil {
		return refused()
	}
	return nil
}

func refused() error {
	return &failure.Error{Kind: failure.Invalid, Key: KeyAddressRefused, Entity: Object}
}
