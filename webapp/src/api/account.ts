import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type Transport } from "@connectrpc/connect";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { bearerFromHeader } from "../auth/credentialStore";
import { type Account, AccountSchema, AccountService, type RegisterRequestSchema } from "../gen/portal/v1/account_pb";
import { useTransport } from "./TransportContext";

/**
 * The AccountService: sign-in with its second factor, registration,
 * activation, passwords and the user's own profile (spec 1 §7).
 */
function useAccountClient() {
  const transport = useTransport();
  return useMemo(() => createClient(AccountService, transport), [transport]);
}

/**
 * Everything cached for the signed-in user sits under this key, and each
 * entry carries the credential it was fetched with, so that another user's
 * session never sees it.
 */
export const sessionQueryKey = ["session"] as const;

/**
 * The MFA step holds a bearer that is good for nothing but the MFA calls;
 * it is sent explicitly and never stored (see the transport).
 */
const withBearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/**
 * The session probe (GET web/api/account): whose credential is stored. Its
 * 401 only means "anonymous" and stays silent (spec 1 §8).
 */
export function useAccountQuery(credential: string | null) {
  const client = useAccountClient();
  return useQuery({
    queryKey: [...sessionQueryKey, "account", credential],
    queryFn: async ({ signal }) => (await client.getAccount({}, { signal })).account ?? null,
    enabled: credential !== null,
    staleTime: Infinity,
    retry: false,
    meta: { unauthenticatedIsExpected: true },
  });
}

/** The sign-in form; reCaptchaToken is the captcha's answer once the server asked for it, else "". */
export type SignInForm = { username: string; password: string; rememberMe: boolean; reCaptchaToken?: string };

/** What sign-in answers: the bearer from the Authorization header and what still has to follow. */
export type SignInAnswer = {
  token: string;
  rememberMe: boolean;
  mfaEnabled: boolean;
  featureMfaEnabled: boolean;
  mfaRegistered: boolean;
};

/**
 * POST web/api/authenticate, as a plain call: the sign-in form loads the
 * connection when it is sent (issue 26) and shows every failure itself, so
 * nothing reaches the global reporter.
 */
export async function authenticate(transport: Transport, form: SignInForm): Promise<SignInAnswer> {
  let authorization: string | null = null;
  const answer = await createClient(AccountService, transport).authenticate(form, {
    onHeader: (headers) => (authorization = headers.get("Authorization")),
  });
  const token = bearerFromHeader(authorization);
  if (!token) throw new Error("The sign-in answer carries no bearer in its Authorization header.");
  const { mfaEnabled, featureMfaEnabled, mfaRegistered } = answer;
  return { token, rememberMe: form.rememberMe, mfaEnabled, featureMfaEnabled, mfaRegistered };
}

/** POST web/api/logout with the bearer being given up. */
export function logOut(transport: Transport, token: string) {
  return createClient(AccountService, transport).logout({}, withBearer(token));
}

/** What completes an MFA step: the bearer to keep. */
export type MfaCompletion = { idToken: string; rememberMe: boolean };

/** POST web/api/mfa/_verify-code with the six digits as a number. */
export function useVerifyMfaCode(pendingToken: string) {
  const client = useAccountClient();
  return useMutation({
    mutationFn: async (code: number): Promise<MfaCompletion> => {
      const { idToken, rememberMe } = await client.verifyMfaCode({ code }, withBearer(pendingToken));
      return { idToken, rememberMe };
    },
    meta: { outsideSession: true },
  });
}

/** POST web/api/mfa/_skip_mfa: sign in without a device and ask again after skipDays. */
export function useSkipMfa(pendingToken: string) {
  const client = useAccountClient();
  return useMutation({
    mutationFn: async (skipDays: number): Promise<MfaCompletion> => {
      const { idToken, rememberMe } = await client.skipMfa({ skipDays }, withBearer(pendingToken));
      return { idToken, rememberMe };
    },
    meta: { outsideSession: true },
  });
}

/** The response header in which the portal sends the TOTP secret for people who cannot scan. */
export const totpSecretHeader = "x-totp-secret";

/** The device registration code: the QR image and, if the portal sends it, the secret as text. */
export type MfaRegistrationCode = { image: Blob; secret: string | null };

/**
 * GET web/api/mfa/registration-code. A failure is only logged and the dialog
 * keeps saying 'Loading image' (spec 1 §8), so it never reaches the toasts.
 */
export function useMfaRegistrationCode(pendingToken: string, enabled: boolean) {
  const client = useAccountClient();
  return useQuery({
    queryKey: ["mfa", "registrationCode", pendingToken],
    queryFn: async ({ signal }): Promise<MfaRegistrationCode> => {
      let secret: string | null = null;
      const { image } = await client.getMfaRegistrationCode(
        {},
        { ...withBearer(pendingToken), signal, onHeader: (headers) => (secret = headers.get(totpSecretHeader)) },
      );
      if (!image || image.data.length === 0) throw new Error("The registration code answer carries no image.");
      const bytes = new Uint8Array(image.data);
      return { image: new Blob([bytes], { type: image.contentType || "image/png" }), secret };
    },
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { background: true },
  });
}

/** POST web/api/logout with the bearer being given up; its failure changes nothing for the user. */
export function useLogout() {
  const transport = useTransport();
  return useMutation({
    mutationFn: (token: string) => logOut(transport, token),
    meta: { background: true },
  });
}

export type AccountForm = Pick<Account, "firstName" | "lastName" | "email" | "langKey" | "currentPassword">;

/** POST web/api/account: the user's own name, e-mail and language; a new e-mail needs the current password. */
export function useSaveAccount() {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, changes }: { account: Account; changes: AccountForm }) =>
      (await client.saveAccount({ account: { ...account, ...changes, $typeName: AccountSchema.typeName } })).account,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sessionQueryKey, "account"] }),
    meta: { inlineMessages: true },
  });
}

/** POST web/api/account/change-password. */
export function useChangePassword() {
  const client = useAccountClient();
  return useMutation({
    mutationFn: (request: { currentPassword: string; newPassword: string }) => client.changePassword(request),
    meta: { inlineMessages: true },
  });
}

/** POST web/api/register. */
export function useRegister() {
  const client = useAccountClient();
  return useMutation({
    mutationFn: (request: MessageInitShape<typeof RegisterRequestSchema>) => client.register(request),
    meta: { outsideSession: true },
  });
}

/**
 * GET web/api/activate?key=…, once per key: the page may render twice
 * (development mode, a revisit), the key is used up after the first call.
 */
export function useActivation(key: string) {
  const client = useAccountClient();
  return useQuery({
    queryKey: ["activate", key],
    queryFn: async () => {
      await client.activate({ key });
      return true;
    },
    enabled: key !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { outsideSession: true },
  });
}

/** POST web/api/account/reset-password/init, the address as a text/plain body. */
export function useRequestPasswordReset() {
  const client = useAccountClient();
  return useMutation({
    mutationFn: ({ email, reCaptchaToken }: { email: string; reCaptchaToken: string }) =>
      client.requestPasswordReset({
        email: { contentType: "text/plain", data: new TextEncoder().encode(email) },
        reCaptchaToken,
      }),
    meta: { outsideSession: true },
  });
}

/** POST web/api/account/reset-password/finish. */
export function useFinishPasswordReset() {
  const client = useAccountClient();
  return useMutation({
    mutationFn: (request: { key: string; newPassword: string }) => client.finishPasswordReset(request),
    meta: { outsideSession: true },
  });
}
