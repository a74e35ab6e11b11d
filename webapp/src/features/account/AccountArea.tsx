import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { SectionPage } from "../../pages/SectionPage";
import { pageTitles } from "../../routes/pageTitles";

/** The account pages (spec 1 §2), loaded on first visit to /account. */
export function AccountArea() {
  return (
    <Routes>
      <Route index element={<Navigate to="settings" replace />} />
      <Route path="settings" element={<SectionPage title={pageTitles.accountSettings} />} />
      <Route path="password" element={<SectionPage title={pageTitles.accountPassword} />} />
      <Route path="printer" element={<SectionPage title={pageTitles.accountPrinter} />} />
      <Route path="docs" element={<SectionPage title={pageTitles.apiDocs} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
