import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { SectionPage } from "../../pages/SectionPage";
import { pageTitles } from "../../navigation/pageTitles";
import { UserManagement } from "./users/UserManagement";

/** The administration pages (spec 1 §2), loaded on first visit to /admin. */
export function AdminArea() {
  return (
    <Routes>
      <Route index element={<SectionPage title={pageTitles.administration} />} />
      <Route path="user-management/*" element={<UserManagement />} />
      <Route path="metrics" element={<SectionPage title={pageTitles.metrics} />} />
      <Route path="health" element={<SectionPage title={pageTitles.health} />} />
      <Route path="configuration" element={<SectionPage title={pageTitles.configuration} />} />
      <Route path="audits" element={<SectionPage title={pageTitles.audits} />} />
      <Route path="logs" element={<SectionPage title={pageTitles.logs} />} />
      <Route path="database" element={<SectionPage title={pageTitles.databaseConsole} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
