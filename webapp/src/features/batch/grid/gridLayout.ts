import { vi } from "vitest";

/**
 * jsdom lays nothing out, so the grid's scroll area would measure 0 x 0 and
 * show no rows. Tests give it the size of a screen: only the grid's own
 * scroll area answers, every other element stays 0 as jsdom has it.
 */
export function layOutGrid(height = 600, width = 1200) {
  const size = (value: number) =>
    function (this: HTMLElement) {
      return this.classList.contains("batch-grid") ? value : 0;
    };
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(size(height));
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(size(width));
}
