import "@testing-library/jest-dom/vitest";
import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { currentNotices, dismissNotice } from "../errors/notices";
import { messages } from "../locales/en";

// findBy* and waitFor give up after 1 s by default; in make test, on two
// cores beside the browser tests, a page that appears at once alone took
// 11-12 s (a worker's first file, and the isolated ones, load the app cold).
// The wait ends as soon as the element appears, so passing tests stay fast;
// only a failing one takes the whole 40 s to say so.
configure({ asyncUtilTimeout: 40_000 });

// jsdom lays nothing out. Radix menus measure themselves with ResizeObserver and the
// router restores the scroll position on navigation: give them harmless stand-ins.
window.scrollTo = () => {};
// Radix Select captures the pointer and scrolls the chosen item into view, which jsdom cannot.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Components render in English unless a test switches the locale.
beforeEach(() => i18n.loadAndActivate({ locale: "en", messages }));

afterEach(() => {
  cleanup();
  currentNotices().forEach((notice) => dismissNotice(notice.id));
  localStorage.clear();
  sessionStorage.clear();
});
