import { Role } from "../auth/access";
import { renderApp, type RenderOptions } from "./renderApp";

type Options = Pick<
  RenderOptions,
  "management" | "documents" | "acss" | "news" | "invoiceReports" | "tenants" | "inquiries"
> & {
  authorities?: Role[];
};

/** renderApp for the signed-in login "admin" (ROLE_ADMIN unless told otherwise). */
export function renderAdminApp(path: string, { authorities = [Role.admin], ...services }: Options = {}) {
  return renderApp(path, { ...services, signedInAs: { login: "admin", authorities } });
}
