// Package rawprint sends print jobs to network label printers over raw TCP
// (the JetDirect/port-9100 way Zebra printers take ZPL). It connects only to
// addresses the printer.Reach rule allows, checked on the address each
// connection actually goes to; it asks the peer for its host status (~HS)
// and sends the labels only when the peer answers like a Zebra; connecting
// and each part of the job are bounded by a timeout. A failure is an
// expected failure the webapp translates.
package rawprint

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"syscall"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// DefaultTimeout bounds connecting, the host status, and each part of a job.
const DefaultTimeout = 10 * time.Second

// chunk is how much of a job is written under one deadline: a job of
// thousands of labels takes as long as the printer needs, as long as it
// keeps taking data.
const chunk = 64 << 10

// maxStatus bounds what is read of a peer's answer to ~HS.
const maxStatus = 1024

// Device is a raw TCP printer connection maker.
type Device struct {
	// Timeout bounds the connection, the host status and each part of a job;
	// DefaultTimeout when zero.
	Timeout time.Duration
	// Reach is the rule of which addresses may be connected to.
	Reach printer.Reach
	// SkipHostStatus sends the job without asking the printer's host status
	// first (PRINTER_HOST_STATUS=false), for printers that do not answer it.
	SkipHostStatus bool
	// Resolver looks host names up; net.DefaultResolver when nil.
	Resolver *net.Resolver
}

func (d Device) timeout() time.Duration {
	if d.Timeout <= 0 {
		return DefaultTimeout
	}
	return d.Timeout
}

// Check resolves host and refuses it when it cannot be resolved
// (printer.KeyUnknownHost) or when any address it resolves to is one the
// server must not reach (printer.KeyAddressRefused).
func (d Device) Check(ctx context.Context, host string, port int) error {
	ctx, cancel := context.WithTimeout(ctx, d.timeout())
	defer cancel()
	r := d.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	ips, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil || len(ips) == 0 {
		return &failure.Error{Kind: failure.Invalid, Key: printer.KeyUnknownHost, Entity: printer.Object, Cause: err}
	}
	for _, ip := range ips {
		if err := d.Reach.Check(netip.AddrPortFrom(ip, uint16(port))); err != nil {
			return err
		}
	}
	return nil
}

// Send connects to address (host:port), checks the address connected to
// against the rule, asks for the host status, writes data and closes. An
// address the rule refuses is printer.KeyAddressRefused; a printer that
// cannot be reached printer.KeyConnectionFailed; a peer that does not
// answer like a Zebra printer.KeyNotAPrinter, and it gets nothing else; one
// that stops taking the data printer.KeyPrintingFailed.
func (d Device) Send(ctx context.Context, address string, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, d.timeout())
	defer cancel()
	dialer := net.Dialer{Control: func(_, to string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(to)
		if err != nil {
			return err
		}
		return d.Reach.Check(ap)
	}}
	conn, err := dialer.DialContext(ctx, "tcp", address)
	if err != nil {
		var refused *failure.Error
		if errors.As(err, &refused) {
			return refused
		}
		return &failure.Error{Kind: failure.Unavailable, Key: printer.KeyConnectionFailed, Cause: fmt.Errorf("connect to printer %s: %w", address, err)}
	}
	if !d.SkipHostStatus {
		if err := d.hostStatus(conn); err != nil {
			_ = conn.Close()
			return &failure.Error{Kind: failure.Invalid, Key: printer.KeyNotAPrinter, Entity: printer.Object, Cause: fmt.Errorf("host status of %s: %w", address, err)}
		}
	}
	err = d.write(conn, data)
	// A close that fails after a complete write may have lost buffered data.
	err = errors.Join(err, conn.Close())
	if err != nil {
		return &failure.Error{Kind: failure.Unavailable, Key: printer.KeyPrintingFailed, Cause: fmt.Errorf("print to %s: %w", address, err)}
	}
	return nil
}

// hostStatus asks ~HS and reads the answer until its last frame, the
// timeout, or maxStatus bytes; the peer must have answered like a Zebra.
func (d Device) hostStatus(conn net.Conn) error {
	_ = conn.SetDeadline(time.Now().Add(d.timeout()))
	if _, err := conn.Write([]byte(printer.HostStatusQuery)); err != nil {
		return err
	}
	buf := make([]byte, 0, maxStatus)
	for !printer.HostStatusDone(buf) && len(buf) < maxStatus {
		n, err := conn.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			break
		}
		if !printer.MayAnswerHostStatus(buf) {
			break // not a Zebra: no need to wait for more
		}
	}
	if !printer.AnswersHostStatus(buf) {
		return errors.New("no Zebra host status in " + strconv.Itoa(len(buf)) + " bytes")
	}
	return nil
}

// write sends data in parts, each under its own deadline.
func (d Device) write(conn net.Conn, data []byte) error {
	for len(data) > 0 {
		n := min(chunk, len(data))
		_ = conn.SetDeadline(time.Now().Add(d.timeout()))
		if _, err := conn.Write(data[:n]); err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}
