/**
 * The registry: every module of the product. The side menu, the route guard's table and the
 * route sweep test all derive from these manifests, so a path the
 * menu shows and the guard checks can never disagree. Server-side only: manifests carry the
 * descriptions of every screen, and the browser gets just the menu its user may see.
 */
import type { AccessRule } from "~/lib/access";
import { combineRules, itemRules, matchPattern, type MenuItem, type MenuSection } from "~/lib/menu";
import account from "./account/module";
import admin from "./admin/module";
import beacons from "./beacons/module";
import concrete from "./concrete/module";
import dashcam from "./dashcam/module";
import docs from "./docs/module";
import drivers from "./drivers/module";
import environment from "./environment/module";
import fleet from "./fleet/module";
import forms from "./forms/module";
import insightTags from "./insight-tags/module";
import type { ActionRules, ModuleManifest, PublicRoute } from "./kit";
import maintenance from "./maintenance/module";
import notifications from "./notifications/module";
import operations from "./operations/module";
import reports from "./reports/module";
import { SECTIONS } from "./sections";
import tickets from "./tickets/module";
import timesheets from "./timesheets/module";
import trips from "./trips/module";

const ALL = [
  fleet,
  trips,
  notifications,
  reports,
  beacons,
  forms,
  account,
  docs,
  drivers,
  admin,
  timesheets,
  maintenance,
  dashcam,
  environment,
  insightTags,
  concrete,
  tickets,
  operations,
] as const;

/** A module's id; `requireModule(request, "nope")` does not compile. */
export type ModuleId = (typeof ALL)[number]["id"];

export const MODULES: ReadonlyMap<ModuleId, ModuleManifest<ModuleId>> = new Map(
  ALL.map((m) => [m.id, m as ModuleManifest<ModuleId>]),
);

/** One guarded path: its module, pattern, effective rule and what the page is. */
export type RouteEntry = {
  moduleId: ModuleId;
  pattern: string;
  rule: AccessRule;
  title: string;
  description: string;
  section: string | null;
  api: boolean;
  /** A download or an upload, not a page (manifest `file`). */
  file: boolean;
  /** Its forms' rules per intent (manifest `actions`); null: a post needs the page's rule only. */
  actions: ActionRules | null;
};

function buildMenu(): MenuSection[] {
  return SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    tsadmin: section.tsadmin,
    items: ALL.flatMap((m) => (m.menu ?? []).filter((i) => i.section === section.id))
      .sort((a, b) => a.order - b.order)
      .map(({ section: _s, order: _o, ...item }): MenuItem => item),
  })).filter((s) => s.items.length > 0);
}

export const MENU: MenuSection[] = buildMenu();

/** The effective rule of every menu item (section tsadmin flag, parent, module rule). */
export const MENU_RULES = new Map<MenuItem, AccessRule>();

function buildRoutes(): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const section of MENU) {
    for (const top of section.items) {
      const owner = ALL.find((m) => m.menu?.some((i) => i.id === top.id))!;
      for (const { item, rule } of itemRules(section, top, owner.rule)) {
        MENU_RULES.set(item, rule);
        const patterns = [...(item.href ? [item.href] : []), ...(item.match ?? [])];
        // A menu link to a public page (the documentation) is not a guarded path. A public pattern
        // with a parameter (the fill-in link /forms/:id) does not make /forms/admin public.
        const open = (p: string) =>
          owner.publicRoutes?.some((r) => !r.pattern.includes("/:") && matchPattern(r.pattern, p));
        for (const pattern of patterns.filter((p) => !open(p)))
          out.push({
            moduleId: owner.id,
            pattern,
            rule,
            title: item.title,
            description: item.description,
            section: section.title,
            api: false,
            file: false,
            actions: owner.actions?.[pattern] ?? null,
          });
      }
    }
  }
  for (const m of ALL)
    for (const r of m.routes ?? [])
      out.push({
        moduleId: m.id,
        pattern: r.pattern,
        rule: combineRules(m.rule, r.rule),
        title: r.title,
        description: r.description ?? "",
        section: null,
        api: r.api ?? false,
        file: r.file ?? false,
        actions: m.actions?.[r.pattern] ?? null,
      });
  // A rule for a path the module does not serve would guard nothing: refuse to start.
  for (const m of ALL)
    for (const pattern of Object.keys(m.actions ?? {}))
      if (!out.some((r) => r.moduleId === m.id && r.pattern === pattern))
        throw new Error(`module ${m.id} declares actions for ${pattern}, a path it does not serve`);
  return out;
}

/** Every guarded path of every module. */
export const ROUTES: readonly RouteEntry[] = buildRoutes();

/** Paths open without a session, each with the reason it is safe. */
export const PUBLIC_ROUTES: ReadonlyArray<PublicRoute & { moduleId: ModuleId }> = ALL.flatMap((m) =>
  (m.publicRoutes ?? []).map((r) => ({ ...r, moduleId: m.id as ModuleId })),
);

/** Device pages: the side menu collapses on them. */
export const DEVICE_PATHS: readonly string[] = ALL.flatMap((m) => m.devicePaths ?? []);

/** The entry of `moduleId` that serves `pathname`, or null (the guard then refuses). */
export function moduleRoute(moduleId: ModuleId, pathname: string): RouteEntry | null {
  return ROUTES.find((r) => r.moduleId === moduleId && matchPattern(r.pattern, pathname)) ?? null;
}

/** The entry of any module that serves `pathname`, or null. */
export function anyRoute(pathname: string): RouteEntry | null {
  return ROUTES.find((r) => matchPattern(r.pattern, pathname)) ?? null;
}
