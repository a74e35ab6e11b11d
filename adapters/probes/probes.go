// Package probes checks components of the portal that have no adapter of
// their own to do it: the disk it writes to, and HTTP services such as the
// carrier, for the health report (app/management).
package probes

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"syscall"
)

// Disk checks the file system holding Path: DOWN when less than MinFree
// bytes are free.
type Disk struct {
	Path    string
	MinFree uint64
}

func (d Disk) stat() (free, total uint64, err error) {
	var s syscall.Statfs_t
	if err := syscall.Statfs(d.Path, &s); err != nil {
		return 0, 0, err
	}
	return s.Bavail * uint64(s.Bsize), s.Blocks * uint64(s.Bsize), nil
}

// Check reads the free space.
func (d Disk) Check(context.Context) error {
	free, _, err := d.stat()
	if err != nil {
		return err
	}
	if free < d.MinFree {
		return fmt.Errorf("%d bytes free, below the threshold of %d", free, d.MinFree)
	}
	return nil
}

// Describe names the path, the free and total bytes and the threshold.
func (d Disk) Describe() map[string]string {
	free, total, err := d.stat()
	if err != nil {
		return map[string]string{"path": d.Path}
	}
	return map[string]string{"path": d.Path, "free": strconv.FormatUint(free, 10), "total": strconv.FormatUint(total, 10),
		"threshold": strconv.FormatUint(d.MinFree, 10)}
}

// HTTP checks that a service answers a GET of URL with a status below 500.
type HTTP struct {
	URL    string
	Client *http.Client
	// Shown is the address the health report names (URL without secrets).
	Shown string
}

// Check asks the service.
func (h HTTP) Check(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.URL, nil)
	if err != nil {
		return err
	}
	client := h.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	_ = res.Body.Close()
	if res.StatusCode >= 500 {
		return fmt.Errorf("HTTP %d", res.StatusCode)
	}
	return nil
}

// Describe names the address.
func (h HTTP) Describe() map[string]string {
	return map[string]string{"address": h.Shown}
}
