import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { DocumentDeleteDialog } from "./DocumentDeleteDialog";
import { DocumentDetailPage } from "./DocumentDetailPage";
import { DocumentEditPage } from "./DocumentEditPage";
import { DocumentListPage } from "./DocumentListPage";
import { csvTemplate, type KindInfo, productCodes } from "./kinds";

/** List, new, detail, edit and delete of one document kind (spec 3 §2). */
function DocumentRoutes({ info }: { info: KindInfo }) {
  return (
    <Routes>
      <Route element={<DocumentListPage info={info} />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<DocumentDeleteDialog info={info} />} />
      </Route>
      <Route path="new" element={<DocumentEditPage info={info} />} />
      <Route path=":id" element={<DocumentDetailPage info={info} />} />
      <Route path=":id/edit" element={<DocumentEditPage info={info} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /product-codes-doc. */
export function ProductCodesDocArea() {
  return <DocumentRoutes info={productCodes} />;
}

/** /csv-template-doc. */
export function CsvTemplateDocArea() {
  return <DocumentRoutes info={csvTemplate} />;
}
