import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { CaptchaChallengeSchema } from "../../gen/portal/v1/captcha_pb";
import { solveCaptcha } from "./captchaSolver";

async function challengeFor(number: number, maxnumber = 500) {
  const salt = "abc123?expires=1999999999";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}${number}`));
  const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return create(CaptchaChallengeSchema, { algorithm: "SHA-256", challenge: hash, maxnumber, salt, signature: "sig" });
}

describe("solveCaptcha (core/captcha's proof of work)", () => {
  it("finds the number and answers base64 JSON the server decodes", async () => {
    const token = await solveCaptcha(await challengeFor(321));
    expect(JSON.parse(atob(token!))).toEqual({
      algorithm: "SHA-256",
      challenge: (await challengeFor(321)).challenge,
      number: 321,
      salt: "abc123?expires=1999999999",
      signature: "sig",
    });
  });

  it("gives up beyond maxnumber", async () => {
    expect(await solveCaptcha(await challengeFor(321, 100))).toBeNull();
  });

  it("refuses an algorithm it does not know", async () => {
    const challenge = await challengeFor(1);
    expect(await solveCaptcha({ ...challenge, algorithm: "MD5" })).toBeNull();
  });
});
