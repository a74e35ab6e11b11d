import type { Transport } from "@connectrpc/connect";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Theme } from "@radix-ui/themes";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { TransportContext } from "./api/TransportContext";
import { SessionProvider } from "./auth/SessionProvider";

/** The providers every page needs: translations, the look, the server connection, its cache and the session. */
export function AppProviders({
  transport,
  queryClient,
  children,
}: {
  transport: Transport;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
        <TransportContext.Provider value={transport}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>{children}</SessionProvider>
          </QueryClientProvider>
        </TransportContext.Provider>
      </Theme>
    </I18nProvider>
  );
}
