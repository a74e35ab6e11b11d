import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { AddressBookDeleteDialog } from "./AddressBookDeleteDialog";
import { AddressBookDetailPage } from "./AddressBookDetailPage";
import { AddressBookFormPage } from "./AddressBookFormPage";
import { AddressBookImportPage } from "./AddressBookImportPage";
import { AddressBookListPage } from "./AddressBookListPage";

/** /address-book (spec 2 §2.5): list with search, import, new, detail, edit and the delete confirmation. */
export function AddressBookArea() {
  return (
    <Routes>
      <Route element={<AddressBookListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<AddressBookDeleteDialog />} />
      </Route>
      <Route path="import" element={<AddressBookImportPage />} />
      <Route path="new" element={<AddressBookFormPage />} />
      <Route path=":id" element={<AddressBookDetailPage />} />
      <Route path=":id/edit" element={<AddressBookFormPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
