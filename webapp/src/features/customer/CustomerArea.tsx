import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { CustomerDeleteDialog } from "./CustomerDeleteDialog";
import { CustomerDetailPage } from "./CustomerDetailPage";
import { CustomerEditPage } from "./CustomerEditPage";
import { CustomerListPage } from "./CustomerListPage";

/** /customer (spec 3 §2): list, new, detail, edit and delete. */
export function CustomerArea() {
  return (
    <Routes>
      <Route element={<CustomerListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<CustomerDeleteDialog />} />
      </Route>
      <Route path="new" element={<CustomerEditPage />} />
      <Route path=":id" element={<CustomerDetailPage />} />
      <Route path=":id/edit" element={<CustomerEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
