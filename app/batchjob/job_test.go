package batchjob_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"parcelportal/app/batchjob"
)

// TestAllKindsListsEveryKind reads the Kind constants of job.go: a worker
// registers handlers for AllKinds only, so a kind left out would never run.
func TestAllKindsListsEveryKind(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "job.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []batchjob.Kind
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Type == nil || spec.Type.(*ast.Ident).Name != "Kind" {
			return true
		}
		for _, v := range spec.Values {
			s, _ := strconv.Unquote(v.(*ast.BasicLit).Value)
			declared = append(declared, batchjob.Kind(s))
		}
		return true
	})
	if len(declared) < 8 {
		t.Fatalf("found only %v; is the scan broken?", declared)
	}
	for _, k := range declared {
		if !slices.Contains(batchjob.AllKinds, k) {
			t.Errorf("kind %q is missing from AllKinds", k)
		}
	}
}
