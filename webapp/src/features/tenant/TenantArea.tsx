import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { TenantDeleteDialog } from "./TenantDeleteDialog";
import { TenantDetailPage } from "./TenantDetailPage";
import { TenantEditPage } from "./TenantEditPage";
import { TenantListPage } from "./TenantListPage";

/** /tenant (spec 3 §2): list, new, detail, edit and delete. */
export function TenantArea() {
  return (
    <Routes>
      <Route element={<TenantListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<TenantDeleteDialog />} />
      </Route>
      <Route path="new" element={<TenantEditPage />} />
      <Route path=":id" element={<TenantDetailPage />} />
      <Route path=":id/edit" element={<TenantEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
