import { useEffect, useLayoutEffect } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/** sessionStorage key: the positions survive a reload, as the browser's own restoration would. */
const storageKey = "portal.scroll";

function readPositions(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(storageKey) ?? "{}") as Record<string, number>));
  } catch {
    return new Map();
  }
}

const positions = readPositions();
let currentKey: string | null = null;

function remember() {
  if (currentKey !== null) positions.set(currentKey, window.scrollY);
}

function persist() {
  remember();
  sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries([...positions].slice(-100))));
}

/**
 * Scrolls like a multi-page site would: a new page starts at the top (or at
 * its #anchor), back and forward return to where the user was on that entry.
 * React Router's own ScrollRestoration needs its data router, which /login
 * does without (issue 16).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", persist);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    const saved = positions.get(location.key);
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
