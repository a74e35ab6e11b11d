// Command kratos builds Ory Kratos from the Go module proxy. Kratos cannot be
// installed with `go install` because its go.mod carries replace directives;
// this wrapper module repeats them and calls Kratos' own entry point.
package main

import (
	"os"

	"github.com/ory/kratos/cmd"
)

func main() { os.Exit(cmd.Execute()) }
