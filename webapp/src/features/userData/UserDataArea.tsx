import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { UserDataDeleteDialog } from "./UserDataDeleteDialog";
import { UserDataDetailPage } from "./UserDataDetailPage";
import { UserDataEditPage } from "./UserDataEditPage";
import { UserDataListPage } from "./UserDataListPage";

/** /user-data (spec 3 §2): list, new, detail, edit and delete. */
export function UserDataArea() {
  return (
    <Routes>
      <Route element={<UserDataListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<UserDataDeleteDialog />} />
      </Route>
      <Route path="new" element={<UserDataEditPage />} />
      <Route path=":id" element={<UserDataDetailPage />} />
      <Route path=":id/edit" element={<UserDataEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
