// Package goroutines reads a goroutine dump (runtime/pprof's goroutine
// profile at debug level 2, the format of a panic) into groups of
// goroutines that share a state and a stack, so that an operator sees
// "400 goroutines waiting in the same select" instead of 400 stacks.
package goroutines

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// Group is a set of goroutines in one state with one stack.
type Group struct {
	State string
	Count int
	// Stack names the functions, innermost first, each with its file and line.
	Stack []string
}

// header is "goroutine 12 [select, 3 minutes]:" or "goroutine 1 [running]:".
var header = regexp.MustCompile(`^goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[([^\],]+)[^\]]*\]:$`)

// Parse groups the goroutines of dump, the largest group first (then by
// state and stack, so equal dumps read alike), and returns how many
// goroutines it read.
func Parse(dump string) ([]Group, int) {
	type key struct{ state, stack string }
	groups := map[key]*Group{}
	total := 0
	for block := range strings.SplitSeq(strings.TrimSpace(dump), "\n\n") {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		m := header.FindStringSubmatch(lines[0])
		if m == nil {
			continue
		}
		total++
		var stack []string
		for i := 1; i < len(lines); i += 2 {
			frame := trimArgs(strings.TrimSpace(lines[i]))
			if i+1 < len(lines) {
				frame += " " + trimOffset(strings.TrimSpace(lines[i+1]))
			}
			stack = append(stack, frame)
		}
		k := key{m[1], strings.Join(stack, "\n")}
		if g, ok := groups[k]; ok {
			g.Count++
			continue
		}
		groups[k] = &Group{State: m[1], Count: 1, Stack: stack}
	}
	out := make([]Group, 0, len(groups))
	for _, g := range groups {
		out = append(out, *g)
	}
	slices.SortFunc(out, func(a, b Group) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.State, b.State),
			cmp.Compare(strings.Join(a.Stack, "\n"), strings.Join(b.Stack, "\n")))
	})
	return out, total
}

// trimOffset drops the " +0x1f" program-counter offset from a file:line
// line, which differs between goroutines stopped at the same line.
func trimOffset(s string) string {
	if i := strings.LastIndex(s, " +0x"); i > 0 {
		return s[:i]
	}
	return s
}

// trimArgs drops the argument words of a frame ("main.f(0xc000010000, 0x1)"
// reads "main.f(...)"), which differ between goroutines of one stack.
func trimArgs(s string) string {
	if i := strings.LastIndex(s, "("); i > 0 && strings.HasSuffix(s, ")") {
		return s[:i] + "(...)"
	}
	return s
}
