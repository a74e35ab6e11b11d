import "@radix-ui/themes/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./App";
import { createQueryClient } from "./api/queryClient";
import { createPortalTransport } from "./api/transport";
import { createFailureReporter } from "./errors/reportFailure";
import { activateLocale, initialLocale } from "./i18n/activateLocale";
import { AppRoutes, lostSession } from "./routes/router";

const queryClient = createQueryClient(createFailureReporter(() => lostSession.goToLogin()));

/**
 * The first paint waits for the catalog, so nobody sees English flash before
 * their language. A promise rather than a top-level await: with one, Rollup
 * keeps the modules the lazy pages share out of the entry, and /login
 * fetched some 75 small chunks (about 24 KB gzip more) instead of one
 * (issue 16).
 */
void activateLocale(initialLocale()).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppProviders transport={createPortalTransport()} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
