package printer

import (
	"fmt"
	"net/netip"
	"strings"

	"parcelportal/core/failure"
)

// Message keys of a printer address the server refuses to connect to, and
// of a peer that does not answer like a Zebra printer.
const (
	KeyAddressRefused = "error.networkPrinter.addressRefused"
	KeyNotAPrinter    = "error.networkPrinter.notAPrinter"
	KeyUnknownHost    = "error.networkPrinter.unknownHost"
)

// Reach is the rule of which addresses the server may open a printer
// connection to. A printer address is typed by staff but connected to by
// the server, from inside the installation: without this rule a printer is
// a door to every service the server reaches (its database, Redis, Kratos'
// admin API, the cloud's metadata address). The rule is applied to every
// address a printer's host resolves to, when staff save it and again on the
// address each print job actually connects to, since a name can resolve
// elsewhere later.
type Reach struct {
	// Networks are the operator's printer networks (PRINTER_NETWORKS). When
	// set, only addresses inside them are reached; an address of a class
	// refused below is reached only when a listed network names it.
	Networks []netip.Prefix
	// Services are the addresses of the portal's own services (database,
	// Redis, Kratos, SMTP, carrier, tracking, the portal itself): never
	// reached, whatever the networks say. An unspecified address (0.0.0.0,
	// ::) stands for every address with that port.
	Services []netip.AddrPort
}

// ParseNetworks reads a comma- or space-separated list of CIDR networks or
// single addresses, as PRINTER_NETWORKS gives them.
func ParseNetworks(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, err
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, err
		}
		if p.Addr().Is4In6() {
			return nil, fmt.Errorf("%s: write IPv4 networks as IPv4", f)
		}
		out = append(out, netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-unmappedBits(p.Addr())).Masked())
	}
	return out, nil
}

// unmappedBits is how many leading bits an IPv4-mapped IPv6 prefix loses
// when it is written as IPv4.
func unmappedBits(a netip.Addr) int {
	if a.Is4In6() {
		return 96
	}
	return 0
}

// Check refuses an address the server must not connect to: one of the
// portal's services, an address outside the operator's networks, or a
// loopback, link-local, unspecified or multicast address no listed network
// names.
func (r Reach) Check(to netip.AddrPort) error {
	ip := to.Addr().Unmap()
	for _, s := range r.Services {
		if s.Port() == to.Port() && (s.Addr().Unmap() == ip || s.Addr().IsUnspecified()) {
			return refused()
		}
	}
	listed := false
	for _, n := range r.Networks {
		if n.Contains(ip) {
			listed = true
			break
		}
	}
	if listed {
		return nil
	}
	if len(r.Networks) > 0 || special(ip) {
		return refused()
	}
	return nil
}

// special are the classes of address no printer has unless the operator
// says so: this machine, the link (and the cloud metadata address on it),
// no address at all, and group addresses.
func special(ip netip.Addr) bool {
	return !ip.IsValid() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified()
}

// refused names no address: staff learn that the printer's address is not
// allowed, not which service answers there.
func refused() error {
	return &failure.Error{Kind: failure.Invalid, Key: KeyAddressRefused, Entity: Object}
}
