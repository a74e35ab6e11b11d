package goroutines_test

import (
	"testing"

	"parcelportal/core/goroutines"
)

const dump = `goroutine 1 [running]:
main.main()
	/src/main.go:10 +0x1d

goroutine 7 [select, 2 minutes]:
main.worker(0xc000010000)
	/src/worker.go:20 +0x45
created by main.start in goroutine 1
	/src/main.go:15 +0x10

goroutine 8 [select]:
main.worker(0xc000020000)
	/src/worker.go:20 +0x99
created by main.start in goroutine 1
	/src/main.go:15 +0x10

goroutine 9 [IO wait]:
net.read()
	/go/net.go:5 +0x1
`

func TestGroupsByStateAndStack(t *testing.T) {
	groups, total := goroutines.Parse(dump)
	if total != 4 || len(groups) != 3 {
		t.Fatalf("total %d, groups %+v", total, groups)
	}
	first := groups[0]
	if first.State != "select" || first.Count != 2 || len(first.Stack) != 2 ||
		first.Stack[0] != "main.worker(...) /src/worker.go:20" {
		t.Fatalf("largest group %+v", first)
	}
}
