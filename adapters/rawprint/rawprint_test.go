package rawprint_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/netip"
	"testing"
	"time"

	"parcelportal/adapters/rawprint"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// hostStatus is what a Zebra answers to ~HS.
const hostStatus = "\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n"

// loopback lets the tests reach their own listeners on 127.0.0.1.
var loopback = printer.Reach{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}

// peer listens on 127.0.0.1 and hands each connection to serve; what it
// read arrives on the channel when serve returns.
func peer(t *testing.T, serve func(c net.Conn) []byte) (string, <-chan []byte) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got := make(chan []byte, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				got <- serve(c)
			}()
		}
	}()
	return ln.Addr().String(), got
}

// zebra answers ~HS as a Zebra does, then reads the job until the sender closes.
func zebra(c net.Conn) []byte {
	r := bufio.NewReader(c)
	line, _ := r.ReadString('\n')
	if line != printer.HostStatusQuery {
		return []byte("asked " + line)
	}
	_, _ = c.Write([]byte(hostStatus))
	b, _ := io.ReadAll(r)
	return b
}

func TestSendAsksTheHostStatusThenWritesExactlyTheJob(t *testing.T) {
	addr, got := peer(t, zebra)
	job := []byte("^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n")
	if err := (rawprint.Device{Timeout: 5 * time.Second, Reach: loopback}).Send(context.Background(), addr, job); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, job) {
		t.Fatalf("printer received %q", b)
	}
}

// A service that is not a printer (here one that answers like Redis, and
// one that waits for more, like an HTTP server) hears ~HS and nothing else.
func TestAPeerThatIsNoZebraGetsNoJob(t *testing.T) {
	redis := func(c net.Conn) []byte {
		b := make([]byte, 64)
		n, _ := c.Read(b)
		_, _ = c.Write([]byte("-ERR unknown command '~HS'\r\n"))
		rest, _ := io.ReadAll(c)
		return append(b[:n], rest...)
	}
	silent := func(c net.Conn) []byte {
		b, _ := io.ReadAll(c)
		return b
	}
	for name, serve := range map[string]func(net.Conn) []byte{"redis": redis, "http": silent} {
		addr, got := peer(t, serve)
		err := (rawprint.Device{Timeout: 300 * time.Millisecond, Reach: loopback}).Send(context.Background(), addr, []byte("POST /admin/identities HTTP/1.1\r\n\r\n^XA^XZ"))
		if !failure.HasKey(err, printer.KeyNotAPrinter) {
			t.Errorf("%s: Send = %v", name, err)
		}
		if b := <-got; string(b) != printer.HostStatusQuery {
			t.Errorf("%s received %q", name, b)
		}
	}
}

// The rule is applied to the address connected to, whatever name led
// there: with loopback not allowed, "localhost" is refused and nothing
// connects.
func TestSendConnectsOnlyWhereTheRuleAllows(t *testing.T) {
	connected := make(chan struct{}, 1)
	addr, _ := peer(t, func(c net.Conn) []byte { connected <- struct{}{}; return nil })
	_, port, _ := net.SplitHostPort(addr)
	for _, reach := range []printer.Reach{
		{},
		{Networks: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}},
		{Networks: loopback.Networks, Services: []netip.AddrPort{netip.MustParseAddrPort(addr)}},
	} {
		err := (rawprint.Device{Timeout: time.Second, Reach: reach}).Send(context.Background(), "localhost:"+port, []byte("^XA^XZ"))
		if !failure.HasKey(err, printer.KeyAddressRefused) {
			t.Errorf("Send with %+v = %v", reach, err)
		}
	}
	select {
	case <-connected:
		t.Fatal("a refused address was connected to")
	case <-time.After(100 * time.Millisecond):
	}
}

func TestCheckResolvesAndRefusesEveryAddressOfAName(t *testing.T) {
	d := rawprint.Device{Timeout: time.Second}
	if err := d.Check(context.Background(), "localhost", 9100); !failure.HasKey(err, printer.KeyAddressRefused) {
		t.Fatalf("Check(localhost) = %v", err)
	}
	if err := d.Check(context.Background(), "printer.invalid", 9100); !failure.HasKey(err, printer.KeyUnknownHost) {
		t.Fatalf("Check(printer.invalid) = %v", err)
	}
	if err := d.Check(context.Background(), "192.0.2.7", 9100); err != nil {
		t.Fatalf("Check(192.0.2.7) = %v", err)
	}
	if err := (rawprint.Device{Reach: loopback}).Check(context.Background(), "127.0.0.1", 9100); err != nil {
		t.Fatalf("Check(127.0.0.1) with loopback allowed = %v", err)
	}
}

func TestSendToAClosedPortIsAConnectionFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	err = (rawprint.Device{Timeout: 2 * time.Second, Reach: loopback}).Send(context.Background(), addr, []byte("^XA^XZ"))
	if e, ok := failure.As(err); !ok || e.Key != printer.KeyConnectionFailed || e.Kind != failure.Unavailable {
		t.Fatalf("Send to a closed port = %v", err)
	}
}

func TestSendToAPrinterThatStopsReadingEndsAtTheTimeout(t *testing.T) {
	hold := make(chan net.Conn, 1)
	addr, _ := peer(t, func(c net.Conn) []byte {
		r := bufio.NewReader(c)
		_, _ = r.ReadString('\n')
		_, _ = c.Write([]byte(hostStatus))
		hold <- c // answered, never reads the job
		time.Sleep(2 * time.Second)
		return nil
	})
	// More than the socket buffers take, so a write blocks until the deadline.
	job := bytes.Repeat([]byte("^XA^FDxxxxxxxxxxxxxxxx^FS^XZ"), 1<<20)
	err := (rawprint.Device{Timeout: 300 * time.Millisecond, Reach: loopback}).Send(context.Background(), addr, job)
	if e, ok := failure.As(err); !ok || e.Key != printer.KeyPrintingFailed {
		t.Fatalf("Send to a printer that never reads = %v", err)
	}
	(<-hold).Close()
}

func TestSkipHostStatusSendsTheJobAtOnce(t *testing.T) {
	addr, got := peer(t, func(c net.Conn) []byte { b, _ := io.ReadAll(c); return b })
	job := []byte("^XA^FDone^FS^XZ\n")
	if err := (rawprint.Device{Timeout: time.Second, Reach: loopback, SkipHostStatus: true}).Send(context.Background(), addr, job); err != nil {
		t.Fatal(err)
	}
	if b := <-got; !bytes.Equal(b, job) {
		t.Fatalf("printer received %q", b)
	}
}
