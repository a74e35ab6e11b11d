import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { type Connection, ConnectionProvider, reportThroughConnection } from "./api/connection";
import { type ShellCalls, ShellDataProvider } from "./api/shellData";

/**
 * The providers every page needs: translations, the look, the shell's
 * profile and version, and the connection to the services with the session
 * (which loads when first needed, see api/connection.tsx).
 */
export function BootProviders({
  shellCalls,
  connection,
  children,
}: {
  shellCalls: ShellCalls;
  connection?: Connection;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
        <ShellDataProvider calls={shellCalls} onFailure={reportThroughConnection}>
          <ConnectionProvider initial={connection}>{children}</ConnectionProvider>
        </ShellDataProvider>
      </Theme>
    </I18nProvider>
  );
}
