import "@testing-library/jest-dom/vitest";
import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { currentNotices, dismissNotice } from "../errors/notices";
import { messages } from "../locales/en";

// findBy* and waitFor give up after 1 s by default; on a loaded two-core CI
// machine, beside the browser tests (make test), a lazy route or a react-query
// round trip can take several seconds. The wait
// ends as soon as the element appears, so passing tests stay fast.
configure({ asyncUtilTimeout: 10_000 });

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
