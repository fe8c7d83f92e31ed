import { isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";

/**
 * The side menu's shape and its pure rules (SPEC §2.10, §6). The entries themselves live in the
 * modules' manifests (app/modules/<name>/module.ts); the registry (app/modules/index.ts) builds
 * the menu from them on the server, and the browser gets only the part a user may see.
 *
 * `match` lists further paths (detail pages, create pages) that belong to an item. Patterns use
 * `:name` for a segment and `:name?` for an optional one.
 */
export type MenuItem = {
  id: string;
  title: string;
  href?: string;
  /** What the screen holds (the documentation and the route table keep it). */
  description: string;
  rule?: AccessRule;
  /** Kept in the restricted menu of tsadmin users (default: the section's value). */
  tsadmin?: boolean;
  match?: string[];
  children?: MenuItem[];
  /** A top-level entry's icon (components/shell/menu-icons.tsx). */
  icon?: string;
};

export type MenuSection = {
  id: string;
  title: string;
  /** Whether tsadmin users keep this section (items may override). */
  tsadmin: boolean;
  items: MenuItem[];
};

export type MenuUser = Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">;

function segments(path: string) {
  return path.split("/").filter(Boolean);
}

/**
 * Matches a pathname against a pattern with `:param`, `:param?` and a final `*` (the rest of the
 * path, as a Remix splat) segments, case-insensitively like Remix.
 */
export function matchPattern(pattern: string, pathname: string): boolean {
  const p = segments(pattern);
  const s = segments(pathname.replace(/\/+$/, ""));
  let i = 0;
  for (const seg of p) {
    if (seg === "*") return true;
    const optional = seg.startsWith(":") && seg.endsWith("?");
    if (i >= s.length) {
      if (optional) continue;
      return false;
    }
    if (seg.startsWith(":")) {
      i++;
      continue;
    }
    if (seg.toLowerCase() !== s[i].toLowerCase()) return false;
    i++;
  }
  return i === s.length;
}

/** Combines an outer rule with an inner one: the outer's feature, the inner's permission (inner wins on a clash). */
export function combineRules(outer: AccessRule = {}, inner: AccessRule = {}): AccessRule {
  return {
    ...outer,
    ...Object.fromEntries(Object.entries(inner).filter(([, v]) => v !== undefined)),
  };
}

/** Every item of a section with its effective rule (section tsadmin flag, parent rule, own rule). */
export function itemRules(
  section: Pick<MenuSection, "tsadmin">,
  item: MenuItem,
  outer: AccessRule = {},
): Array<{ item: MenuItem; rule: AccessRule }> {
  const keep = item.tsadmin ?? section.tsadmin;
  const rule = combineRules(outer, combineRules(item.rule, keep ? {} : { tsadmin: false }));
  const children = (item.children ?? []).flatMap((child) =>
    itemRules({ tsadmin: keep }, child, rule),
  );
  return [{ item, rule }, ...children];
}

/** The menu as this user sees it: hidden items removed, parents without visible children removed. */
export function visibleMenu(
  user: MenuUser,
  menu: MenuSection[],
  rules: Map<MenuItem, AccessRule>,
): MenuSection[] {
  const allowed = (item: MenuItem) => isAllowed(user, rules.get(item) ?? {});
  return menu
    .map((section) => ({
      ...section,
      items: section.items
        .filter(allowed)
        .map((item) =>
          item.children ? { ...item, children: item.children.filter(allowed) } : item,
        )
        .filter((item) => !item.children || item.children.length > 0),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * Menu search (SPEC §2.10): case-insensitive on titles and child titles. A parent matching by its
 * own title keeps all its children; a parent matching only by children keeps just those; a section
 * title match keeps the whole section.
 */
export function searchMenu(menu: MenuSection[], query: string): MenuSection[] {
  const q = query.trim().toLowerCase();
  if (!q) return menu;
  const hit = (title: string) => title.toLowerCase().includes(q);
  return menu
    .map((section) => {
      if (hit(section.title)) return section;
      const items = section.items
        .map((item) => {
          if (hit(item.title)) return item;
          const children = (item.children ?? []).filter((c) => hit(c.title));
          return children.length ? { ...item, children } : null;
        })
        .filter((i): i is MenuItem => i !== null);
      return { ...section, items };
    })
    .filter((section) => section.items.length > 0);
}
