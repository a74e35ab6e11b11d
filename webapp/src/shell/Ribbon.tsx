import type { ApplicationProfile } from "../gen/portal/v1/management_pb";

/** Whether the environment ribbon shows: only outside production, and only when the server names the environment. */
export function showsRibbon(profile: ApplicationProfile | null | undefined): profile is ApplicationProfile {
  return !!profile && !profile.inProduction && profile.ribbonEnv !== "";
}

/** A corner ribbon naming the environment (for example "dev"), so nobody mistakes a test portal for the real one. */
export function Ribbon({ profile }: { profile: ApplicationProfile | null | undefined }) {
  if (!showsRibbon(profile)) return null;
  return (
    <div className="ribbon" aria-hidden="true">
      {profile.ribbonEnv}
    </div>
  );
}
