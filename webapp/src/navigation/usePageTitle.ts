import { useEffect } from "react";

/** Names the browser tab after the page, so tabs and history entries tell pages apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Parcel Portal`;
  }, [title]);
}
