// Package httpserver runs an HTTP server the way every process of the portal
// needs it: sane timeouts, HTTP/2 without TLS (gRPC clients), and a graceful
// stop that lets requests in flight finish.
package httpserver

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Run serves handler on addr until ctx ends. ready, when not nil, is called
// with the bound address once the server accepts connections.
func Run(ctx context.Context, name, addr string, handler http.Handler, ready func(net.Addr)) error {
	protocols := new(http.Protocols)
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	srv := &http.Server{
		Handler:           handler,
		Protocols:         protocols,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	slog.Info(name+" listening", "url", "http://"+ln.Addr().String())
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	slog.Info(name + " stopped")
	return nil
}

// Health answers {"status":"UP"}: the process serves.
func Health(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"status":"UP"}`))
}

// Main serves a simulator or tool until SIGINT or SIGTERM, on the address in
// the environment variable or fallback, and exits non-zero if serving fails.
func Main(name, addrVariable, fallback string, handler http.Handler) {
	addr := os.Getenv(addrVariable)
	if addr == "" {
		addr = fallback
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, name, addr, handler, nil)
	stop()
	if err != nil {
		slog.Error(name+" stopped", "error", err)
		os.Exit(1)
	}
}
