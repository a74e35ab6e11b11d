// Package password holds the rules of the shared password field (spec 1
// section 5): how long a password may be, how strong it is, and which
// characters the generator may use. The browser's meter shows the same
// figures; testdata/password/strength.json holds vectors both sides test.
package password

import "strings"

// Lengths allowed by default; an installation may lower the maximum.
const (
	MinLength = 4
	MaxLength = 50
)

// Level thresholds of the five-step meter: a score up to 10 is level 0, up
// to 20 level 1, up to 30 level 2, up to 40 level 3, above 40 level 4.
var levelThresholds = [...]int{10, 20, 30, 40}

// symbols are the characters that count as the symbol class: ASCII
// punctuation, as the meter in the browser counts them.
const symbols = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// Strength scores a password: 2 per character, 1 more from 10 characters on,
// 10 per character class used (lower, upper, digit, symbol); capped at 10
// when it is 6 characters or shorter or uses one class, at 20 with two
// classes and at 40 with three.
func Strength(p string) (score, level int) {
	length := len([]rune(p))
	classes := classesUsed(p)
	score = 2*length + 10*classes
	if length >= 10 {
		score++
	}
	switch {
	case length <= 6 || classes <= 1:
		score = min(score, 10)
	case classes == 2:
		score = min(score, 20)
	case classes == 3:
		score = min(score, 40)
	}
	return score, LevelOf(score)
}

// LevelOf places a score on the meter; a score on a threshold stays on the
// lower level.
func LevelOf(score int) int {
	level := 0
	for level < len(levelThresholds) && score > levelThresholds[level] {
		level++
	}
	return level
}

func classesUsed(p string) int {
	var lower, upper, digit, symbol bool
	for _, r := range p {
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(symbols, r):
			symbol = true
		}
	}
	n := 0
	for _, used := range []bool{lower, upper, digit, symbol} {
		if used {
			n++
		}
	}
	return n
}
