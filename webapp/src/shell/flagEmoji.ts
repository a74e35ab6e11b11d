/** The flag of a country as an emoji, from its ISO 3166-1 alpha-2 code; empty for anything else. */
export function flagEmoji(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return "";
  const regionalIndicatorA = 0x1f1e6;
  return String.fromCodePoint(...[...code].map((letter) => regionalIndicatorA + letter.charCodeAt(0) - 65));
}
