// Package rawprint sends print jobs to network label printers over raw TCP
// (the JetDirect/port-9100 way Zebra printers take ZPL): connect, write
// the job, close. Connecting and writing are bounded by a timeout, and a
// failure is an expected failure the webapp translates.
package rawprint

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// DefaultTimeout bounds connecting and writing one job.
const DefaultTimeout = 10 * time.Second

// Device is a raw TCP printer connection maker.
type Device struct {
	// Timeout bounds the connection and the write; DefaultTimeout when zero.
	Timeout time.Duration
}

// Send connects to address, writes data and closes the connection. A
// printer that cannot be reached is printer.KeyConnectionFailed; one that
// stops taking the data is printer.KeyPrintingFailed.
func (d Device) Send(ctx context.Context, address string, data []byte) error {
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", address)
	if err != nil {
		return &failure.Error{Kind: failure.Unavailable, Key: printer.KeyConnectionFailed, Cause: fmt.Errorf("connect to printer %s: %w", address, err)}
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	_, err = conn.Write(data)
	// A close that fails after a complete write may have lost buffered data.
	err = errors.Join(err, conn.Close())
	if err != nil {
		return &failure.Error{Kind: failure.Unavailable, Key: printer.KeyPrintingFailed, Cause: fmt.Errorf("print to %s: %w", address, err)}
	}
	return nil
}
