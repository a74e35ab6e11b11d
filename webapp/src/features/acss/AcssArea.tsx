import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { AcssDeleteDialog } from "./AcssDeleteDialog";
import { AcssDetailPage } from "./AcssDetailPage";
import { AcssEditPage } from "./AcssEditPage";
import { AcssListPage } from "./AcssListPage";

/** /acss (spec 3 §2): list with a CSV download per row, new, detail, edit and delete. */
export function AcssArea() {
  return (
    <Routes>
      <Route element={<AcssListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<AcssDeleteDialog />} />
      </Route>
      <Route path="new" element={<AcssEditPage />} />
      <Route path=":id" element={<AcssDetailPage />} />
      <Route path=":id/edit" element={<AcssEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
