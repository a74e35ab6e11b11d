import { describe, expect, it } from "vitest";
import vectors from "../../../testdata/password/strength.json";
import { generatedPasswordLength, generatePassword, generatorAlphabet } from "./passwordGenerator";
import { passwordStrength, strengthLevel } from "./passwordStrength";

describe("passwordStrength scores like the server (testdata/password/strength.json)", () => {
  it("has the shared vectors", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
  });

  it.each(vectors)("scores $password as $score (level $level)", ({ password, score, level }) => {
    expect(passwordStrength(password)).toEqual({ score, level });
  });
});

describe("strengthLevel (spec 1 §5: thresholds 10, 20, 30, 40)", () => {
  it.each([
    [0, 0],
    [10, 0],
    [11, 1],
    [20, 1],
    [21, 2],
    [30, 2],
    [31, 3],
    [40, 3],
    [41, 4],
    [90, 4],
  ])("puts score %i on level %i", (score, level) => {
    expect(strengthLevel(score)).toBe(level);
  });
});

describe("generatePassword (spec 1 §5)", () => {
  const samples = Array.from({ length: 200 }, generatePassword);

  it("has eight characters with a digit and a symbol", () => {
    for (const password of samples) {
      expect(password).toHaveLength(generatedPasswordLength);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^a-zA-Z0-9]/);
    }
  });

  it("never uses quote, double quote, backslash, backtick or ampersand", () => {
    for (const c of ["'", '"', "\\", "`", "&"]) expect(generatorAlphabet).not.toContain(c);
    for (const password of samples) expect(password).not.toMatch(/['"\\`&]/);
  });

  it("draws from the whole alphabet, not a fixed sequence", () => {
    expect(new Set(samples).size).toBe(samples.length);
  });
});
