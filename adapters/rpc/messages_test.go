package rpc_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// messageKey matches the keys the server puts into ErrorDetail.messageKey.
var messageKey = regexp.MustCompile(`^(error|password)\.[A-Za-z0-9_.]*[A-Za-z0-9_]$`)

// TestEveryServerMessageKeyIsTranslated reads every message key the server
// code can send and checks that the webapp's catalogue (and so every
// locale, which compiles strictly) has it: otherwise users see a raw key.
func TestEveryServerMessageKeyIsTranslated(t *testing.T) {
	catalogue, err := os.ReadFile("../../webapp/src/errors/serverMessages.ts")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, dir := range []string{"../../core", "../../app", "../../adapters"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "/gen/") {
				return err
			}
			file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(file, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && messageKey.MatchString(s) {
						keys[s] = path
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(keys) < 20 {
		t.Fatalf("found only %d keys; is the scan broken?", len(keys))
	}
	for key, path := range keys {
		if !strings.Contains(string(catalogue), `id: "`+key+`"`) {
			t.Errorf("%s (sent by %s) is missing from webapp/src/errors/serverMessages.ts", key, path)
		}
	}
}
