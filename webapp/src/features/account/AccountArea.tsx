import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { SectionPage } from "../../pages/SectionPage";
import { pageTitles } from "../../navigation/pageTitles";
import { PasswordPage } from "./PasswordPage";
import { SettingsPage } from "./SettingsPage";

/**
 * The signed-in user's own pages (spec 1 §2), loaded on first visit to
 * /account. Printer settings arrive with the master data.
 */
export function AccountArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="settings" replace />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="password" element={<PasswordPage />} />
      <Route path="printer" element={<SectionPage title={pageTitles.accountPrinter} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
