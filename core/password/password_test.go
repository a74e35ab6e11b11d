package password

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The vectors are shared with the webapp's meter, so both score alike.
func TestStrengthVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/password/strength.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Password     string
		Score, Level int
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) < 10 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	for _, v := range vectors {
		score, level := Strength(v.Password)
		if score != v.Score || level != v.Level {
			t.Errorf("Strength(%q) = %d, %d; want %d, %d", v.Password, score, level, v.Score, v.Level)
		}
	}
}

func TestLevelBoundaries(t *testing.T) {
	// Scores exactly on a threshold stay on the lower level.
	for _, c := range []struct{ score, level int }{{0, 0}, {10, 0}, {11, 1}, {20, 1}, {21, 2}, {30, 2}, {31, 3}, {40, 3}, {41, 4}, {90, 4}} {
		if got := LevelOf(c.score); got != c.level {
			t.Errorf("LevelOf(%d) = %d, want %d", c.score, got, c.level)
		}
	}
}

func TestGeneratorAlphabetExcludesTroublesomeCharacters(t *testing.T) {
	for _, r := range excludedFromGenerated {
		if strings.ContainsRune(GeneratorAlphabet, r) {
			t.Errorf("alphabet contains %q", r)
		}
	}
	for _, want := range []string{"a", "Z", "0", "9", "!", "$", "~"} {
		if !strings.Contains(GeneratorAlphabet, want) {
			t.Errorf("alphabet lacks %q", want)
		}
	}
}

func TestGenerateHasLengthDigitAndSymbol(t *testing.T) {
	// A source that always picks 0 would otherwise yield "aaaaaaaa".
	for _, pick := range []func(int) int{
		func(int) int { return 0 },
		func(n int) int { return n - 1 },
		func(n int) int { return n / 2 },
	} {
		p := Generate(pick)
		if len(p) != GeneratedLength || !strings.ContainsAny(p, "0123456789") || !strings.ContainsAny(p, withoutExcluded(symbols)) {
			t.Errorf("Generate() = %q", p)
		}
		if strings.ContainsAny(p, excludedFromGenerated) {
			t.Errorf("Generate() = %q contains an excluded character", p)
		}
	}
}
