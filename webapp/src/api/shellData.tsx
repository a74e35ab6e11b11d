import type { ApplicationProfile } from "../gen/portal/v1/management_pb";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

/** Spec 1 §9: how often the shell asks whether a new version was deployed. */
export const versionPollIntervalMs = 180_000;

/**
 * The application profile as the shell reads it: the fields of its proto3
 * JSON (ApplicationProfile's JSON form, where a field at its default is
 * left out and a timestamp is an RFC 3339 string).
 */
export type ShellProfile = Partial<
  Pick<ApplicationProfile, "ribbonEnv" | "inProduction" | "version" | "copyrightYear" | "recaptchaSiteKey">
> & { buildDate?: string };

/**
 * The two calls the shell makes for every visitor, anonymous ones on /login
 * included: the profile (ribbon, footer, captcha key) and the running
 * version. They need neither the protobuf runtime nor React Query, so the
 * first download stays small (issue 26).
 */
export type ShellCalls = {
  getInfo(signal: AbortSignal): Promise<ShellProfile | null>;
  getVersion(signal: AbortSignal): Promise<string>;
};

/** A shell call the server refused: its HTTP status and its body (a Connect error's JSON). */
export class ShellCallFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`The portal answered ${status}`);
  }
}

/**
 * ManagementService's GetInfo and GetVersion over the Connect protocol with
 * JSON bodies: a plain POST, as any Connect client would send it.
 */
export function connectJsonCalls(baseUrl: string, fetchFn: typeof fetch = (...args) => fetch(...args)): ShellCalls {
  const call = async (method: string, signal: AbortSignal): Promise<Record<string, unknown>> => {
    const response = await fetchFn(`${baseUrl}/portal.v1.ManagementService/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
      body: "{}",
      signal,
    });
    if (!response.ok) throw new ShellCallFailure(response.status, await response.text());
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    getInfo: async (signal) => ((await call("GetInfo", signal)).profile as ShellProfile | undefined) ?? null,
    getVersion: async (signal) => ((await call("GetVersion", signal)).version as string | undefined) ?? "",
  };
}

type ShellData = {
  profile: ShellProfile | null | undefined;
  runningVersion: string | undefined;
  loadedWith: string | undefined;
};

const ShellDataContext = createContext<ShellData>({
  profile: undefined,
  runningVersion: undefined,
  loadedWith: undefined,
});

/**
 * Reads the profile once and the running version now and every three
 * minutes. A failed profile read goes to the global failure reporter
 * (`onFailure`), as every read's does; a failed poll stays quiet (it fails
 * during every deployment).
 */
export function ShellDataProvider({
  calls,
  onFailure,
  children,
}: {
  calls: ShellCalls;
  onFailure: (error: unknown) => void;
  children: ReactNode;
}) {
  const [profile, setProfile] = useState<ShellProfile | null>();
  const [runningVersion, setRunningVersion] = useState<string>();
  const [loadedWith, setLoadedWith] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    const quietly = () => undefined;
    calls.getInfo(abort.signal).then(setProfile, (error: unknown) => {
      if (!abort.signal.aborted) onFailure(error);
    });
    // As a poll of React Query would, it rests while the tab is hidden.
    const poll = () => {
      if (document.visibilityState === "hidden") return;
      calls.getVersion(abort.signal).then((version) => {
        setRunningVersion(version);
        // The first version seen is the one this page was loaded with.
        setLoadedWith((first) => first ?? version);
      }, quietly);
    };
    poll();
    const timer = setInterval(poll, versionPollIntervalMs);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [calls, onFailure]);
  const data = useMemo(() => ({ profile, runningVersion, loadedWith }), [profile, runningVersion, loadedWith]);
  return <ShellDataContext.Provider value={data}>{children}</ShellDataContext.Provider>;
}

/** The application profile; undefined until it arrives, null when the server sends none. */
export function useShellProfile(): ShellProfile | null | undefined {
  return useContext(ShellDataContext).profile;
}

/**
 * The version the server runs now, when it differs from the one this page
 * was loaded with (the first a poll found; spec 1 §4); otherwise null.
 */
export function useNewVersion(): string | null {
  const { runningVersion, loadedWith } = useContext(ShellDataContext);
  return runningVersion && loadedWith && runningVersion !== loadedWith ? runningVersion : null;
}
