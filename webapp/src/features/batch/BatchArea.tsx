import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { BatchDeleteDialog } from "./dialogs/BatchDeleteDialog";
import { BatchDetailPage } from "./detail/BatchDetailPage";
import { BatchListPage } from "./list/BatchListPage";
import { BatchUploadPage } from "./upload/BatchUploadPage";

/** /batch (spec 2 §2.1): list, upload, detail, upload again, delete. */
export function BatchArea() {
  return (
    <Routes>
      <Route element={<BatchListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<BatchDeleteDialog />} />
      </Route>
      <Route path="new" element={<BatchUploadPage />} />
      <Route path=":id" element={<BatchDetailPage />} />
      <Route path=":id/edit" element={<BatchUploadPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
