import { LegalPageKind } from "../gen/portal/v1/documents_pb";
import { legalPages } from "./legalPages";

/**
 * Which page the server keeps for each legal path. Apart from
 * legalPages.ts because only the lazy pages need it: a value from a `_pb`
 * file would bring its whole descriptor to /login, whose footer lists the
 * paths.
 */
export const legalKindOfPath: Record<(typeof legalPages)[number]["path"], LegalPageKind> = {
  "/legal/imprint": LegalPageKind.IMPRINT,
  "/legal/notice": LegalPageKind.LEGAL_NOTICE,
  "/legal/privacy": LegalPageKind.PRIVACY,
  "/legal/terms": LegalPageKind.TERMS,
  "/legal/fraud-protection": LegalPageKind.FRAUD_PROTECTION,
};

/** The legal pages with their kinds, in the footer's order. */
export const legalPagesWithKinds = legalPages.map((page) => ({ ...page, kind: legalKindOfPath[page.path] }));
