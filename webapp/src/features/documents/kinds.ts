import type { MessageDescriptor } from "@lingui/core";
import type { DocumentKind } from "../../api/documents";
import { pageTitles } from "../../navigation/pageTitles";

/** What differs between the two document lists. */
export type KindInfo = {
  kind: DocumentKind;
  /** The route, without a trailing slash. */
  base: string;
  title: MessageDescriptor;
};

export const productCodes: KindInfo = {
  kind: "productCodes",
  base: "/product-codes-doc",
  title: pageTitles.productCodesDoc,
};

export const csvTemplate: KindInfo = {
  kind: "csvTemplate",
  base: "/csv-template-doc",
  title: pageTitles.csvTemplateDoc,
};
