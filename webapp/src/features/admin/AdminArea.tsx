import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { UserManagement } from "./users/UserManagement";
import { AuditsPage } from "./console/AuditsPage";
import { ConfigurationPage } from "./console/ConfigurationPage";
import { DatabaseConsolePage } from "./console/DatabaseConsolePage";
import { HealthPage } from "./console/HealthPage";
import { LogsPage } from "./console/LogsPage";
import { MetricsPage } from "./console/MetricsPage";

/** The administration pages (spec 1 §2), loaded on first visit to /admin. */
export function AdminArea() {
  return (
    <Routes>
      {/* The console opens on its figures, the first entry of the admin menu's console. */}
      <Route index element={<Navigate to="metrics" replace />} />
      <Route path="user-management/*" element={<UserManagement />} />
      <Route path="metrics" element={<MetricsPage />} />
      <Route path="health" element={<HealthPage />} />
      <Route path="configuration" element={<ConfigurationPage />} />
      <Route path="audits" element={<AuditsPage />} />
      <Route path="logs" element={<LogsPage />} />
      <Route path="database" element={<DatabaseConsolePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
