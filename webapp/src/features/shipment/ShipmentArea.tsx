import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { ShipmentDeleteDialog } from "./ShipmentDeleteDialog";
import { ShipmentDetailPage } from "./ShipmentDetailPage";
import { ShipmentListPage } from "./ShipmentListPage";

/** /shipment (spec 2 §2.2): list, detail and delete. */
export function ShipmentArea() {
  return (
    <Routes>
      <Route element={<ShipmentListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<ShipmentDeleteDialog />} />
      </Route>
      <Route path=":id" element={<ShipmentDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
