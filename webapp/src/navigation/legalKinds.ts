import { LegalPage_Kind } from "../gen/portal/v1/documents_pb";
import { legalPages } from "./legalPages";

/**
 * Which page the server keeps for each legal path. Apart from
 * legalPages.ts because only the lazy pages need it: a value from a `_pb`
 * file would bring its whole descriptor to /login, whose footer lists the
 * paths.
 */
export const legalKindOfPath: Record<(typeof legalPages)[number]["path"], LegalPage_Kind> = {
  "/legal/imprint": LegalPage_Kind.IMPRINT,
  "/legal/notice": LegalPage_Kind.LEGAL_NOTICE,
  "/legal/privacy": LegalPage_Kind.PRIVACY,
  "/legal/terms": LegalPage_Kind.TERMS,
  "/legal/fraud-protection": LegalPage_Kind.FRAUD_PROTECTION,
};

/** The legal pages with their kinds, in the footer's order. */
export const legalPagesWithKinds = legalPages.map((page) => ({ ...page, kind: legalKindOfPath[page.path] }));
