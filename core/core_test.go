package core_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// forbiddenStd lists standard packages that would let the domain do I/O or
// speak a transport; the domain must stay testable without infrastructure.
var forbiddenStd = []string{"net", "database", "os/exec", "syscall", "plugin"}

// pureStd are standard packages below a forbidden one that hold values only:
// net/netip is an IP address as a value, which the printer.Reach rule judges
// (it never resolves or connects).
var pureStd = []string{"net/netip"}

// TestCoreImportsNoInfrastructure walks every Go file below core/ and fails on
// any import that is neither the standard library nor core itself.
func TestCoreImportsNoInfrastructure(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if reason := disallowed(p); reason != "" {
				t.Errorf("%s imports %q: %s", path, p, reason)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// pureLibraries are the packages outside the standard library that core may
// import: tables and functions without I/O, state or configuration. Unicode
// normalisation (account.NormalizeIdentifier) is not in the standard library.
var pureLibraries = []string{"golang.org/x/text/unicode/norm"}

func disallowed(importPath string) string {
	if importPath == "parcelportal/core" || strings.HasPrefix(importPath, "parcelportal/core/") ||
		slices.Contains(pureLibraries, importPath) || slices.Contains(pureStd, importPath) {
		return ""
	}
	first, _, _ := strings.Cut(importPath, "/")
	if strings.Contains(first, ".") || strings.HasPrefix(importPath, "parcelportal/") {
		return "core may import only the standard library and core itself"
	}
	for _, f := range forbiddenStd {
		if importPath == f || strings.HasPrefix(importPath, f+"/") {
			return "core does no I/O and speaks no transport"
		}
	}
	return ""
}

// forbiddenInApp are the modules of transports, storage and identity that
// the use cases reach only through ports implemented in adapters/.
var forbiddenInApp = []string{
	"parcelportal/adapters", "parcelportal/cmd", "github.com/jackc/pgx", "github.com/Masterminds/squirrel",
	"connectrpc.com", "google.golang.org/protobuf", "google.golang.org/grpc", "google.golang.org/genproto",
	"github.com/hibiken/asynq", "github.com/redis", "github.com/ory",
}

// TestAppImportsNoInfrastructure walks every Go file below app/ that builds
// into a package (not _test.go files, which wire the in-memory fakes of
// adapters/memory, as DESIGN.md's contract tests do). Use cases import the
// standard library, core and app; the contract suites that adapters' tests
// run (packages named *test, such as storetest) may also use a pure library
// such as a TOTP generator; none imports adapters, the generated protos, SQL,
// Connect, the job queue or Kratos.
func TestAppImportsNoInfrastructure(t *testing.T) {
	err := filepath.WalkDir("../app", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		suite := strings.HasSuffix(filepath.Base(filepath.Dir(path)), "test")
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if reason := disallowedInApp(p, suite); reason != "" {
				t.Errorf("%s imports %q: %s", path, p, reason)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func disallowedInApp(importPath string, suite bool) string {
	for _, f := range forbiddenInApp {
		if importPath == f || strings.HasPrefix(importPath, f+"/") {
			return "app reaches adapters, transports, storage and identity only through ports"
		}
	}
	for _, own := range []string{"parcelportal/core", "parcelportal/app"} {
		if importPath == own || strings.HasPrefix(importPath, own+"/") {
			return ""
		}
	}
	first, _, _ := strings.Cut(importPath, "/")
	if (strings.Contains(first, ".") || strings.HasPrefix(importPath, "parcelportal/")) && !suite {
		return "a use case imports only the standard library, core and app"
	}
	return ""
}

func TestDisallowedInApp(t *testing.T) {
	for _, c := range []struct {
		path  string
		suite bool
		bad   bool
	}{
		{"context", false, false}, {"net/mail", false, false}, {"parcelportal/core/batch", false, false},
		{"parcelportal/app/identity", false, false}, {"parcelportal/adapters/memory", false, true},
		{"parcelportal/adapters/memory", true, true}, {"parcelportal/adapters/rpc/gen/portal/v1", false, true},
		{"github.com/jackc/pgx/v5", true, true}, {"connectrpc.com/connect", false, true}, {"github.com/hibiken/asynq", false, true},
		{"github.com/ory/kratos-client-go", true, true}, {"google.golang.org/protobuf/proto", false, true},
		{"github.com/pquerna/otp/totp", false, true}, {"github.com/pquerna/otp/totp", true, false},
	} {
		if got := disallowedInApp(c.path, c.suite) != ""; got != c.bad {
			t.Errorf("disallowedInApp(%q, suite %v) = %v, want %v", c.path, c.suite, got, c.bad)
		}
	}
}

func TestDisallowed(t *testing.T) {
	for p, bad := range map[string]bool{
		"time": false, "parcelportal/core/health": false,
		"net/http": true, "database/sql": true, "parcelportal/adapters/postgres": true,
		"parcelportal/app/management": true, "github.com/jackc/pgx/v5": true, "connectrpc.com/connect": true,
		"network": false, "golang.org/x/text/unicode/norm": false, "golang.org/x/text/encoding/charmap": true,
	} {
		if got := disallowed(p) != ""; got != bad {
			t.Errorf("disallowed(%q) = %v, want %v", p, got, bad)
		}
	}
}
