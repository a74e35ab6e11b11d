package main

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rawprint"
	"parcelportal/app/batches"
	"parcelportal/app/parcels"
	"parcelportal/app/printers"
	"parcelportal/app/reports"
	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// printersOf wires the network printers: the table staff keep, raw TCP to
// the printers on the addresses the operator's printer networks allow and
// never the portal's own services, the stored labels they print, and the
// QZ Tray signer when the operator configured one (loadConfig has read it).
func printersOf(cfg config, pool *pgxpool.Pool, labels printers.LabelFiles) printers.Service {
	device := rawprint.Device{Timeout: cfg.PrinterTimeout, Reach: printerReach(cfg), SkipHostStatus: !cfg.PrinterHostStatus}
	s := printers.Service{Store: postgres.NetworkPrinters{Pool: pool}, Device: device, Labels: labels}
	if cfg.QzSigner != nil {
		s.Qz = cfg.QzSigner
	}
	return s
}

// printerReach is the rule of the addresses network printers may have: the
// operator's printer networks, and never an address the portal's own
// services answer on (its database, Redis, Kratos, SMTP, the carrier and
// tracking APIs, the portal itself), looked up now.
func printerReach(cfg config) printer.Reach {
	reach := printer.Reach{Networks: cfg.PrinterNetworks}
	hostPorts := []string{cfg.Addr, cfg.RedisAddr, cfg.SMTPAddr}
	for _, u := range []string{cfg.DatabaseURL, cfg.KratosPublicURL, cfg.KratosAdminURL, cfg.CarrierURL, cfg.TrackingURL} {
		if hp := hostPortOf(u); hp != "" {
			hostPorts = append(hostPorts, hp)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, hp := range hostPorts {
		host, p, err := net.SplitHostPort(hp)
		port, perr := strconv.ParseUint(p, 10, 16)
		if err != nil || perr != nil {
			continue
		}
		if host == "" {
			host = "0.0.0.0"
		}
		ips, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			continue
		}
		for _, ip := range ips {
			reach.Services = append(reach.Services, netip.AddrPortFrom(ip.Unmap(), uint16(port)))
		}
	}
	return reach
}

// hostPortOf is the host:port a service URL connects to, with the
// scheme's port when it names none; "" for an empty or unreadable URL.
func hostPortOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	if u.Port() != "" {
		return u.Host
	}
	ports := map[string]string{"http": "80", "https": "443", "postgres": "5432", "postgresql": "5432"}
	if p, ok := ports[u.Scheme]; ok {
		return net.JoinHostPort(u.Hostname(), p)
	}
	return ""
}

// printableLabels is the printers' LabelFiles port over the label
// downloads of batches, reports and parcels, with their checks.
type printableLabels struct {
	batches batches.Service
	reports reports.Service
	parcels parcels.Service
}

func (l printableLabels) BatchLabels(ctx context.Context, caller *access.Caller, id int64) (printers.LabelFile, error) {
	f, err := l.batches.Labels(ctx, caller, id)
	return printers.LabelFile{ContentType: f.ContentType, Data: f.Data}, err
}

func (l printableLabels) ShipmentLabels(ctx context.Context, caller *access.Caller, ids []int64) (printers.LabelFile, error) {
	f, err := l.reports.LabelsByIDs(ctx, caller, ids)
	return printers.LabelFile{ContentType: f.ContentType, Data: f.Data}, err
}

func (l printableLabels) SearchLabels(ctx context.Context, caller *access.Caller, filter string) (printers.LabelFile, error) {
	f, err := l.reports.Labels(ctx, caller, filter)
	return printers.LabelFile{ContentType: f.ContentType, Data: f.Data}, err
}

func (l printableLabels) ParcelLabel(ctx context.Context, caller *access.Caller, id int64) (printers.LabelFile, error) {
	f, err := l.parcels.Label(ctx, caller, id)
	return printers.LabelFile{ContentType: f.ContentType, Data: f.Data}, err
}
