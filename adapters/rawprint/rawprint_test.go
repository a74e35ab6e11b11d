package rawprint_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"testing"
	"time"

	"parcelportal/adapters/rawprint"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

func TestSendWritesTheJobAndCloses(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan []byte, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		b, _ := io.ReadAll(c)
		got <- b
	}()
	job := []byte("^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n")
	if err := (rawprint.Device{Timeout: 5 * time.Second}).Send(context.Background(), ln.Addr().String(), job); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, job) {
		t.Fatalf("printer received %q", b)
	}
}

func TestSendToAClosedPortIsAConnectionFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	err = (rawprint.Device{Timeout: 2 * time.Second}).Send(context.Background(), addr, []byte("^XA^XZ"))
	if e, ok := failure.As(err); !ok || e.Key != printer.KeyConnectionFailed || e.Kind != failure.Unavailable {
		t.Fatalf("Send to a closed port = %v", err)
	}
}

func TestSendToAPrinterThatNeverReadsEndsAtTheTimeout(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	hold := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			hold <- c // accepted, never read
		}
	}()
	// More than the socket buffers take, so the write blocks until the deadline.
	job := bytes.Repeat([]byte("^XA^FDxxxxxxxxxxxxxxxx^FS^XZ"), 1<<20)
	err = (rawprint.Device{Timeout: 300 * time.Millisecond}).Send(context.Background(), ln.Addr().String(), job)
	if e, ok := failure.As(err); !ok || e.Key != printer.KeyPrintingFailed {
		t.Fatalf("Send to a printer that never reads = %v", err)
	}
	select {
	case c := <-hold:
		c.Close()
	default:
	}
}
