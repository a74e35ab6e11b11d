import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { FulfillmentDeleteDialog } from "./FulfillmentDeleteDialog";
import { FulfillmentDetailPage } from "./FulfillmentDetailPage";
import { FulfillmentEditPage } from "./FulfillmentEditPage";
import { FulfillmentListPage } from "./FulfillmentListPage";

/** /fulfillment (spec 3 §2): list, new, detail, edit and delete. */
export function FulfillmentArea() {
  return (
    <Routes>
      <Route element={<FulfillmentListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<FulfillmentDeleteDialog />} />
      </Route>
      <Route path="new" element={<FulfillmentEditPage />} />
      <Route path=":id" element={<FulfillmentDetailPage />} />
      <Route path=":id/edit" element={<FulfillmentEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
