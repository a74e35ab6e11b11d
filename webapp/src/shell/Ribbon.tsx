import type { ShellProfile } from "../api/shellData";

type RibbonFacts = Pick<ShellProfile, "ribbonEnv" | "inProduction">;

/** Whether the environment ribbon shows: only outside production, and only when the server names the environment. */
export function showsRibbon(profile: RibbonFacts | null | undefined): profile is RibbonFacts & { ribbonEnv: string } {
  return !!profile && !profile.inProduction && !!profile.ribbonEnv;
}

/** A corner ribbon naming the environment (for example "dev"), so nobody mistakes a test portal for the real one. */
export function Ribbon({ profile }: { profile: RibbonFacts | null | undefined }) {
  if (!showsRibbon(profile)) return null;
  return (
    <div className="ribbon" aria-hidden="true">
      {profile.ribbonEnv}
    </div>
  );
}
