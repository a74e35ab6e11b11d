/**
 * The strength meter of the shared password field (spec 1 §5). It must score
 * exactly like the server (core/password): both are tested against the
 * vectors in testdata/password/strength.json.
 */

/** Characters that count as the symbol class: ASCII punctuation. */
export const symbolCharacters = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** Level thresholds: up to 10 is level 0, up to 20 level 1, up to 30 level 2, up to 40 level 3, above 40 level 4. */
const levelThresholds = [10, 20, 30, 40];

/** The meter has five levels, 0 (very weak) to 4 (strong). */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export type Strength = { score: number; level: StrengthLevel };

/**
 * Scores a password: 2 per character, 1 more from 10 characters on, 10 per
 * character class used (lower, upper, digit, symbol); capped at 10 when it
 * has 6 characters or fewer or uses one class, at 20 with two classes and at
 * 40 with three.
 */
export function passwordStrength(password: string): Strength {
  // Characters, not UTF-16 units: "ä" is one character, as on the server.
  const length = [...password].length;
  const classes = classesUsed(password);
  let score = 2 * length + 10 * classes;
  if (length >= 10) score += 1;
  if (length <= 6 || classes <= 1) score = Math.min(score, 10);
  else if (classes === 2) score = Math.min(score, 20);
  else if (classes === 3) score = Math.min(score, 40);
  return { score, level: strengthLevel(score) };
}

/** Places a score on the meter; a score on a threshold stays on the lower level. */
export function strengthLevel(score: number): StrengthLevel {
  return levelThresholds.filter((threshold) => score > threshold).length as StrengthLevel;
}

function classesUsed(password: string): number {
  const classes = [
    /[a-z]/,
    /[A-Z]/,
    /[0-9]/,
    { test: (p: string) => [...p].some((c) => symbolCharacters.includes(c)) },
  ];
  return classes.filter((pattern) => pattern.test(password)).length;
}
