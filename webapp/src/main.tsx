import "@radix-ui/themes/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { BootProviders } from "./BootProviders";
import { connect, setConnectionLoader } from "./api/connection";
import { connectJsonCalls } from "./api/shellData";
import { readCredential } from "./auth/credentialStore";
import { activateLocale, initialLocale } from "./i18n/activateLocale";
import { AppRoutes } from "./routes/router";

// Connect, protobuf and React Query load when first needed (issue 26: /login under 150 KB gzip).
setConnectionLoader(() => import("./api/connected").then(({ createConnection }) => createConnection()));

/**
 * The first paint waits for the catalog, so nobody sees English flash before
 * their language, and, when a credential is stored, for the connection that
 * works out the session. A promise rather than a top-level await: with one,
 * Rollup keeps the modules the lazy pages share out of the entry, and /login
 * fetched some 75 small chunks (about 24 KB gzip more) instead of one
 * (issue 16).
 */
void Promise.all([
  activateLocale(initialLocale()),
  readCredential() !== null ? connect().catch(() => undefined) : undefined,
]).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <BootProviders shellCalls={connectJsonCalls(window.location.origin)}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </BootProviders>
    </StrictMode>,
  ),
);
