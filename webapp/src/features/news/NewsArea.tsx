import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../pages/NotFoundPage";
import { NewsDeleteDialog } from "./NewsDeleteDialog";
import { NewsDetailPage } from "./NewsDetailPage";
import { NewsEditPage } from "./NewsEditPage";
import { NewsListPage } from "./NewsListPage";

/** /news (spec 3 §2): list with reordering, new, detail, edit and delete. */
export function NewsArea() {
  return (
    <Routes>
      <Route element={<NewsListPage />}>
        <Route index element={null} />
        <Route path=":id/delete" element={<NewsDeleteDialog />} />
      </Route>
      <Route path="new" element={<NewsEditPage />} />
      <Route path=":id" element={<NewsDetailPage />} />
      <Route path=":id/edit" element={<NewsEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
