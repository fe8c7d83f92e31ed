/**
 * The shape of a module's manifest (module.ts): what it puts in the side menu, which paths it
 * serves and who may open them. Manifests are plain data: the registry (index.ts) derives the
 * menu and the route guard's table from them, on the server only.
 */
import type { MenuIconName } from "~/components/shell/menu-icons";
import type { AccessRule } from "~/lib/access";
import type { MenuItem } from "~/lib/menu";
import type { SectionId } from "./sections";

/** A side-menu entry: a MenuItem placed in a section; `order` sorts it among other modules' items. */
export type ManifestMenuItem = MenuItem & { section: SectionId; order: number; icon: MenuIconName };

/** A path the module serves that is not a menu entry (data endpoints, exports, downloads). */
export type ManifestRoute = {
  pattern: string;
  title: string;
  description?: string;
  rule?: AccessRule;
  /** Answers 401 instead of a redirect to /login (fetch and EventSource callers). */
  api?: boolean;
  /** Answers a file or takes one (a download, an upload), not a page: no page checks visit it. */
  file?: boolean;
};

/**
 * Who may post to a path (its action): a rule per form `intent`, checked by the guard on top of
 * the page's rule before the action runs. `"*"` covers a post without an intent (or with one not
 * named); an intent neither names nor covers needs every rule of the path (fail closed). Use
 * CAN.own (app/lib/access.ts) for the
 * user's own things, where the page's rule is enough or the module checks ownership.
 */
export type ActionRules = Readonly<Record<string, AccessRule>>;

/** A path open without a session, and why that is safe. */
export type PublicRoute = { pattern: string; why: string; title?: string; description?: string };

export type ModuleManifest<Id extends string = string> = {
  id: Id;
  /** Applies to every path of the module, on top of each item's own rule (e.g. its feature). */
  rule?: AccessRule;
  menu?: ManifestMenuItem[];
  routes?: ManifestRoute[];
  publicRoutes?: PublicRoute[];
  /** Pages of one device: the side menu collapses on them (SPEC §4). */
  devicePaths?: string[];
  /**
   * The rules of the module's forms, by path pattern (a menu item's href or match, or a route's
   * pattern, written the same). Every path whose route file has an action declares its intents
   * here (the route sweep test checks it); a post to a path not listed needs the page's rule only.
   */
  actions?: Readonly<Record<string, ActionRules>>;
};

export function defineModule<const Id extends string>(m: ModuleManifest<Id>): ModuleManifest<Id> {
  return m;
}
