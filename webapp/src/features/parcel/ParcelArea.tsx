import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { ParcelFormPage } from "./form/ParcelFormPage";
import { ParcelDeleteDialog } from "./list/ParcelDeleteDialog";
import { ParcelListPage } from "./list/ParcelListPage";

/** /parcel (spec 2 §2.3): list, new, edit, read-only view, delete. */
export function ParcelArea() {
  return (
    <Routes>
      <Route element={<ParcelListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<ParcelDeleteDialog />} />
      </Route>
      <Route path="new" element={<ParcelFormPage mode="new" />} />
      <Route path=":id" element={<ParcelFormPage mode="view" />} />
      <Route path=":id/edit" element={<ParcelFormPage mode="edit" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
