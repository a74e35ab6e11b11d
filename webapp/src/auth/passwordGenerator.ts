import { symbolCharacters } from "./passwordStrength";

/** Spec 1 §9: a generated password has eight characters. */
export const generatedPasswordLength = 8;

/** Quote, double quote, backslash, backtick and ampersand break copying into shells, CSV files and HTML. */
const excluded = "'\"\\`&";

const digits = "0123456789";
const symbols = [...symbolCharacters].filter((c) => !excluded.includes(c)).join("");

/** Every character a generated password may hold: letters, digits and the symbols that are not excluded. */
export const generatorAlphabet = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${digits}${symbols}`;

/** A uniform random integer in [0, n), from the browser's cryptographic source without modulo bias. */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % n;
  }
}

const pick = (set: string) => set[randomBelow(set.length)];

/**
 * Generates a password of eight characters with at least one digit and one
 * symbol (spec 1 §5), like the server's generator.
 */
export function generatePassword(): string {
  const characters = Array.from({ length: generatedPasswordLength }, () => pick(generatorAlphabet));
  const digitAt = randomBelow(generatedPasswordLength);
  const symbolAt = (digitAt + 1 + randomBelow(generatedPasswordLength - 1)) % generatedPasswordLength;
  characters[digitAt] = pick(digits);
  characters[symbolAt] = pick(symbols);
  return characters.join("");
}
