import { pageTitles } from "./pageTitles";

/** The legal documents the footer links to, in the order of spec 1 §2. */
export const legalPages = [
  { path: "/legal/imprint", title: pageTitles.imprint },
  { path: "/legal/notice", title: pageTitles.legalNotice },
  { path: "/legal/privacy", title: pageTitles.privacy },
  { path: "/legal/terms", title: pageTitles.terms },
  { path: "/legal/fraud-protection", title: pageTitles.fraudProtection },
] as const;
