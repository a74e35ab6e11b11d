import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../../pages/NotFoundPage";
import { UserDeleteDialog } from "./UserDeleteDialog";
import { UserDetailPage } from "./UserDetailPage";
import { UserEditPage } from "./UserEditPage";
import { UserListPage } from "./UserListPage";

/** /admin/user-management: list, create, detail, edit and delete of logins. */
export function UserManagement() {
  return (
    <Routes>
      <Route element={<UserListPage />}>
        <Route index element={null} />
        <Route path=":login/delete" element={<UserDeleteDialog />} />
      </Route>
      <Route path="new" element={<UserEditPage />} />
      <Route path=":login" element={<UserDetailPage />} />
      <Route path=":login/edit" element={<UserEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
