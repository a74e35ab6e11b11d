import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { PasswordPage } from "./PasswordPage";
import { SettingsPage } from "./SettingsPage";

/**
 * The signed-in user's own pages (spec 1 §2), loaded on first visit to
 * /account. The printer settings (/account/printer) are routed beside it, by the router.
 */
export function AccountArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="settings" replace />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="password" element={<PasswordPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
