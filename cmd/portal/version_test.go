package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuildLinksVersionAndDate builds the portal with the flags dev/build.sh
// links in (dev/ldflags.sh): `portal version` answers git describe and the
// time of the build, the Build management/info and the footer show.
func TestBuildLinksVersionAndDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the portal")
	}
	flags, err := exec.Command("../../dev/ldflags.sh").Output()
	if err != nil {
		t.Fatal(err)
	}
	described, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().UTC().Add(-time.Second)
	bin := filepath.Join(t.TempDir(), "portal")
	if out, err := exec.Command("go", "build", "-ldflags", strings.TrimSpace(string(flags)), "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 || fields[0] != strings.TrimSpace(string(described)) || fields[0] == "dev" {
		t.Fatalf("portal version = %q, want %q and a date", out, described)
	}
	built, err := time.Parse(time.RFC3339, fields[1])
	if err != nil || built.Before(before.Truncate(time.Second)) || built.After(time.Now().UTC()) {
		t.Fatalf("build date %q, want the time of the build (%v)", fields[1], err)
	}
}

// A binary built without the flags says "dev" and the time it started.
func TestBuildWithoutFlags(t *testing.T) {
	b := buildOf("dev", "")
	if b.Version != "dev" || time.Since(b.Date) > time.Minute {
		t.Fatalf("buildOf without flags = %+v", b)
	}
}
