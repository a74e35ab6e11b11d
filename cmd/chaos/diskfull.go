package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// fullTablespace is the tablespace on a small tmpfs that the disk-full
// phase fills; the address book's table lives there during the phase.
const fullTablespace = "chaos_full"

// diskFull fills the disk under one of the portal's tables and checks that
// a write answers 503 with a key (SQLSTATE 53100 disk_full in the portal's
// log) instead of 500, reads work, nothing committed is lost, and once
// there is room again writes work within recover. The table moves to a
// tablespace on a 1 MB tmpfs, which a file then fills: that needs mount(8),
// root and the right to mount (CAP_SYS_ADMIN); without them the phase is
// skipped with a note.
func (d *driver) diskFull(ctx context.Context, user string, customer int64) error {
	fmt.Println("== 4. a full disk under the address book's table")
	dir := filepath.Join(d.pgRoot(), "diskfull")
	super, err := d.superuser(ctx)
	if err != nil {
		fmt.Printf("  skipped: no superuser session on the cluster's socket: %v\n", err)
		return nil
	}
	defer super.Close(context.Background())
	undo := func() error { return undoDiskFull(context.Background(), super, dir) }
	if err := undo(); err != nil { // what an interrupted run left
		return fmt.Errorf("clean up an earlier disk-full phase: %w", err)
	}
	if err := mountSmall(dir); err != nil {
		fmt.Printf("  skipped: cannot mount a small tmpfs here (%v)\n", err)
		return nil
	}
	defer func() {
		if err := undo(); err != nil {
			d.fail("disk full: clean up: %v", err)
		}
	}()
	if _, err := super.Exec(ctx, "CREATE TABLESPACE "+fullTablespace+" LOCATION '"+dir+"'"); err != nil {
		return fmt.Errorf("create the tablespace: %w", err)
	}
	if _, err := super.Exec(ctx, "ALTER TABLE address_book_entry SET TABLESPACE "+fullTablespace); err != nil {
		return fmt.Errorf("move the address book: %w", err)
	}
	counted, err := countRows(ctx, super)
	if err != nil {
		return err
	}
	filler := filepath.Join(dir, "filler")
	filled, err := fill(filler)
	if err != nil {
		return fmt.Errorf("fill the tmpfs: %w", err)
	}
	fmt.Printf("  address book table on a 1 MB tmpfs (tablespace %s), filled up with %d KB\n", fullTablespace, filled>>10)

	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	entry := func(name string) *connect.Request[portalv1.CreateAddressBookEntryRequest] {
		return bearing(&portalv1.CreateAddressBookEntryRequest{CustomerId: customer, Entry: &portalv1.AddressBookEntry{
			Name: "Chaos disk " + name + " " + stamp, Street: "Main Street", No: "1", Postalcode: "10115", City: "Berlin", IsoCountry: "DE",
		}}, user)
	}
	logMark := d.portal.size()
	// The table's last page has room for some rows: write until it needs a new one.
	stored, answer, took := 0, "", time.Duration(0)
	var refused error
	for i := 0; i < 500 && refused == nil; i++ {
		var err error
		took, err = timed(ctx, func(ctx context.Context) error {
			_, err := d.addressBook.CreateAddressBookEntry(ctx, entry(strconv.Itoa(i)))
			return err
		})
		if err != nil {
			refused, answer = err, describe(err)
			break
		}
		stored++
	}
	fmt.Printf("  %d entries stored before the table needed room; then a write answered %s in %s\n", stored, answer, seconds(took))
	switch {
	case refused == nil:
		d.fail("disk full: 500 writes into a full tmpfs all worked; the disk never filled")
	case connect.CodeOf(refused) != connect.CodeUnavailable || !strings.HasPrefix(answer, "unavailable error."):
		d.fail("disk full: the write answered %s, want unavailable (503) with a key", answer)
	}
	if took > d.recover {
		d.fail("disk full: the write took %s", took.Round(time.Millisecond))
	}
	if seen := d.portal.since(logMark); strings.Contains(seen, "53100") {
		fmt.Println("  the portal logged the refusal as SQLSTATE 53100 (disk_full)")
	} else if refused != nil {
		d.fail("disk full: the portal's log shows no SQLSTATE 53100 (disk_full) for the refused write")
	}
	if _, err := timed(ctx, func(ctx context.Context) error {
		_, err := d.addressBook.ListAddressBookEntries(ctx, bearing(&portalv1.ListAddressBookEntriesRequest{CustomerId: customer, PageSize: 10}, user))
		return err
	}); err != nil {
		d.fail("disk full: the address book list answered %s, want it to work", describe(err))
	}

	if err := os.Remove(filler); err != nil {
		return err
	}
	back := time.Now()
	recovered := time.Duration(-1)
	for time.Since(back) < 60*time.Second {
		callCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := d.addressBook.CreateAddressBookEntry(callCtx, entry("after"))
		cancel()
		if err == nil {
			recovered = time.Since(back)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	fmt.Printf("  room again: a write worked after %s\n", seconds(recovered))
	if recovered < 0 || recovered > d.recover {
		d.fail("disk full: a write did not work within %s of room again (took %s)", d.recover, seconds(recovered))
	}
	now, err := countRows(ctx, super)
	if err != nil {
		return err
	}
	want := counted["address_book_entry"] + stored
	if recovered >= 0 {
		want++
	}
	fmt.Printf("  address_book_entry %d rows before, %d after (want %d: %d stored while filling, 1 after)\n",
		counted["address_book_entry"], now["address_book_entry"], want, stored)
	if now["address_book_entry"] != want {
		d.fail("disk full: the address book holds %d rows, want %d", now["address_book_entry"], want)
	}
	for _, table := range countedTables {
		if table != "address_book_entry" && table != "audit_event" && now[table] != counted[table] {
			d.fail("disk full: %s held %d rows before and %d after", table, counted[table], now[table])
		}
	}
	return nil
}

// pgRoot is the chaos cluster's folder (dev/stack.sh records it when the
// postgres user cannot reach the state folder).
func (d *driver) pgRoot() string {
	if b, err := os.ReadFile(filepath.Join(d.state, "postgres.path")); err == nil {
		return strings.TrimSpace(string(b))
	}
	return filepath.Join(d.state, "postgres")
}

// superuser is a session as postgres on the cluster's own socket (trusted
// there, dev/stack.sh), in the portal's database.
func (d *driver) superuser(ctx context.Context) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(d.databaseURL)
	if err != nil {
		return nil, err
	}
	cfg.Host, cfg.User, cfg.Password, cfg.TLSConfig, cfg.Fallbacks = filepath.Join(d.pgRoot(), "run"), "postgres", "", nil, nil
	return pgx.ConnectConfig(ctx, cfg)
}

// mountSmall mounts a 1 MB tmpfs on dir for the postgres user.
func mountSmall(dir string) error {
	pg, err := user.Lookup("postgres")
	if err != nil {
		return err
	}
	uid, _ := strconv.Atoi(pg.Uid)
	gid, _ := strconv.Atoi(pg.Gid)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("mount: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return os.Chown(dir, uid, gid)
}

// fill writes a file until the file system is full and answers its size.
func fill(path string) (int64, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	block := make([]byte, 4096)
	var n int64
	for {
		w, err := f.Write(block)
		n += int64(w)
		if errors.Is(err, syscall.ENOSPC) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// undoDiskFull moves what is in the tablespace back, drops it and
// unmounts the tmpfs; it does nothing when there is nothing to undo.
func undoDiskFull(ctx context.Context, super *pgx.Conn, dir string) error {
	_ = os.Remove(filepath.Join(dir, "filler"))
	var exists bool
	if err := super.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_tablespace WHERE spcname = $1)", fullTablespace).Scan(&exists); err != nil {
		return err
	}
	if exists {
		for _, stmt := range []string{
			"ALTER TABLE ALL IN TABLESPACE " + fullTablespace + " SET TABLESPACE pg_default",
			"ALTER INDEX ALL IN TABLESPACE " + fullTablespace + " SET TABLESPACE pg_default",
			"DROP TABLESPACE " + fullTablespace,
		} {
			if _, err := super.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("%s: %w", stmt, err)
			}
		}
	}
	if mounted(dir) {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			return fmt.Errorf("umount %s: %v: %s", dir, err, strings.TrimSpace(string(out)))
		}
	}
	_ = os.Remove(dir)
	return nil
}

// mounted reports whether dir is a mount point (in /proc/self/mounts).
func mounted(dir string) bool {
	b, err := os.ReadFile("/proc/self/mounts")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[1] == dir {
			return true
		}
	}
	return false
}
