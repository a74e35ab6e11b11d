package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// progress shows a batch's progress: on a terminal one line redrawn in
// place, [#####.....] 120/200 SENDING; elsewhere (a log, CI) a line each
// time the figures change.
type progress struct {
	w        io.Writer
	terminal bool
	last     string
}

func newProgress(f *os.File) *progress {
	info, err := f.Stat()
	return &progress{w: f, terminal: err == nil && info.Mode()&os.ModeCharDevice != 0}
}

// line draws the bar for done of total in a status.
func line(status string, done, total int) string {
	const width = 30
	filled := 0
	if total > 0 {
		filled = min(width, done*width/total)
	}
	return fmt.Sprintf("[%s%s] %d/%d %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total, status)
}

func (p *progress) show(status string, done, total int) {
	l := line(status, done, total)
	if l == p.last {
		return
	}
	p.last = l
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s", l)
	} else {
		fmt.Fprintln(p.w, l)
	}
}

func (p *progress) done() {
	if p.terminal && p.last != "" {
		fmt.Fprintln(p.w)
	}
	p.last = ""
}
