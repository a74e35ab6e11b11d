import { useLingui } from "@lingui/react/macro";
import { GlobeIcon, InfoCircledIcon, PersonIcon } from "@radix-ui/react-icons";
import { type KeyboardEvent, type PointerEvent, useEffect, useSyncExternalStore } from "react";
import { useSession } from "../auth/session";
import { withConnection } from "../api/connection";
import { withFullCatalog } from "../i18n/activateLocale";
import { isSupportedLocale, localeNames } from "../i18n/locales";
import { type MenuFace, MenuButton } from "./MenuButton";

type Menus = typeof import("./headerMenus");
type MenuKind = "info" | "locale" | "account";

let menus: Menus | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
/** The stand-in the user pressed, and the one that has the focus, while the code is on its way. */
let pressed: MenuKind | null = null;
let focused: MenuKind | null = null;
/** What the menus do once they replace the stand-ins: open the pressed one, focus the focused one. */
let opening: MenuKind | null = null;
let focusing: MenuKind | null = null;

function loadMenus() {
  // The account menu reads the profile through the connection.
  loading ??= withConnection(withFullCatalog(import("./headerMenus"))).then(
    (module) => {
      menus = module;
      opening = pressed;
      focusing = focused;
      listeners.forEach((listener) => listener());
    },
    () => {
      // Offline for a moment: the next hover or press tries again.
      loading = null;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const openKeys = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * A menu of the header (spec 1 §2): Info, the language or the account. The
 * menus' code (Radix's menu, its positioning and scrolling, some 12 KB gzip)
 * is not part of /login's first download (issue 16): until it arrives a
 * stand-in that looks the same takes its place; pointing at it or focusing
 * it fetches the code, and a press opens the menu once it is there. For a
 * signed-in user the code comes at once.
 */
export function HeaderMenu({ kind }: { kind: MenuKind }) {
  const face = useFace(kind);
  const loaded = useSyncExternalStore(subscribe, () => menus);
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (signedIn) loadMenus();
  }, [signedIn]);
  useEffect(() => {
    if (!loaded) return;
    // Only the first mount of the real menu opens or takes the focus.
    if (opening === kind) opening = null;
    if (focusing === kind) focusing = null;
  }, [loaded, kind]);

  if (loaded) {
    const Menu = { info: loaded.InfoMenu, locale: loaded.LocaleMenu, account: loaded.AccountMenu }[kind];
    return <Menu face={face} defaultOpen={opening === kind} autoFocus={opening !== kind && focusing === kind} />;
  }
  const press = () => {
    pressed = kind;
    loadMenus();
  };
  return (
    <MenuButton
      face={face}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={loadMenus}
      onFocus={() => {
        focused = kind;
        loadMenus();
      }}
      onBlur={() => {
        if (focused === kind) focused = null;
      }}
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!openKeys.has(event.key)) return;
        event.preventDefault();
        press();
      }}
    />
  );
}

function useFace(kind: MenuKind): MenuFace {
  const { t, i18n } = useLingui();
  const session = useSession();
  switch (kind) {
    case "info":
      return { icon: <InfoCircledIcon />, label: t`Info` };
    case "locale": {
      const language = localeNames[isSupportedLocale(i18n.locale) ? i18n.locale : "en"];
      return { icon: <GlobeIcon />, label: language, name: t`Language: ${language}` };
    }
    case "account": {
      const login = session?.login ?? "";
      return {
        icon: <PersonIcon />,
        label: session ? login : t`Account`,
        name: session ? t`Account: ${login}` : t`Account`,
      };
    }
  }
}
