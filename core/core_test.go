package core_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbiddenStd lists standard packages that would let the domain do I/O or
// speak a transport; the domain must stay testable without infrastructure.
var forbiddenStd = []string{"net", "database", "os/exec", "syscall", "plugin"}

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

func disallowed(importPath string) string {
	if importPath == "parcelportal/core" || strings.HasPrefix(importPath, "parcelportal/core/") {
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

func TestDisallowed(t *testing.T) {
	for p, bad := range map[string]bool{
		"time": false, "parcelportal/core/health": false,
		"net/http": true, "database/sql": true, "parcelportal/adapters/postgres": true,
		"parcelportal/app/management": true, "github.com/jackc/pgx/v5": true, "connectrpc.com/connect": true,
		"network": false,
	} {
		if got := disallowed(p) != ""; got != bad {
			t.Errorf("disallowed(%q) = %v, want %v", p, got, bad)
		}
	}
}
