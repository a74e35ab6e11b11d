import type { CaptchaChallenge } from "../../gen/portal/v1/captcha_pb";

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * Solves the portal's proof-of-work captcha (core/captcha): finds the number
 * n in [0, maxnumber] whose SHA-256(salt + n), in hex, is the challenge, and
 * returns the token the form sends: base64 of the JSON answer. Null when no
 * number fits or the caller gave up (signal).
 */
export async function solveCaptcha(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<string | null> {
  if (challenge.algorithm !== "SHA-256") return null;
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (signal?.aborted) return null;
    if ((await sha256Hex(`${challenge.salt}${number}`)) === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
    }
  }
  return null;
}
