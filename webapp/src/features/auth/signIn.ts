import { ConnectError } from "@connectrpc/connect";
import { authenticate, logOut, type SignInAnswer, type SignInForm } from "../../api/account";
import { connect } from "../../api/connection";
import { describeFormFailure } from "../../errors/formFailure";
import type { FormFailure } from "../../errors/formFailureShape";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";

/**
 * The answers after which a sign-in needs the captcha: past the limit of
 * the login or the address (issue 22), or an answer that was wrong or used.
 */
const captchaKeys = ["error.captchaRequired", "error.captcha"];

const asksForCaptcha = (error: unknown) =>
  error instanceof ConnectError && captchaKeys.includes(error.findDetails(ErrorDetailSchema)[0]?.messageKey ?? "");

/** A sign-in's outcome: the answer, or the failure as the form shows it and whether the captcha is asked for. */
export type SignInOutcome = { answer: SignInAnswer } | { failure: FormFailure; asksForCaptcha: boolean };

/**
 * Sends the sign-in form, with the connection it loads first: the sign-in
 * dialog holds neither Connect nor protobuf (issue 26).
 */
export async function signIn(form: SignInForm): Promise<SignInOutcome> {
  try {
    const { transport } = await connect();
    return { answer: await authenticate(transport, form) };
  } catch (error) {
    return {
      failure: describeFormFailure(error, ["username", "password"], { id: "error.badCredentials" }),
      asksForCaptcha: asksForCaptcha(error),
    };
  }
}

/** Gives back the half-finished session of an abandoned second factor; its failure changes nothing for the user. */
export async function abandonSignIn(token: string): Promise<void> {
  const { transport } = await connect();
  await logOut(transport, token).catch(() => undefined);
}
