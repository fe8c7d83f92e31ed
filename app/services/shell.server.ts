import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShellData } from "~/components/shell/types";
import { routeInfo, ruleForPath, visibleMenu, type MenuItem, type MenuSection } from "~/lib/menu";
import { requireAccess } from "~/services/access.server";

/** The browser needs titles and links only; descriptions stay on the server. */
function trim(menu: MenuSection[]): MenuSection[] {
  const item = (i: MenuItem): MenuItem => ({
    id: i.id,
    title: i.title,
    href: i.href,
    match: i.match,
    description: "",
    children: i.children?.map(item),
  });
  return menu.map((s) => ({ ...s, items: s.items.map(item) }));
}

/**
 * The loader of the authenticated layouts (/dashboard and the pathless shell of /concrete, /forms,
 * /tickets, /timesheet, /admin, /courier, /installation): the user and their menu. It also guards the
 * requested path with the menu's rule, so a hidden route answers 403 even if its own loader forgot.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAccess(request, ruleForPath(new URL(request.url).pathname));
  const data: ShellData = {
    user: {
      username: user.username,
      name: user.name,
      first_name: user.first_name,
      last_name: user.last_name,
      companyid: user.companyid,
      tsadmin: user.tsadmin,
      photo: user.photo,
      avatar: user.avatar,
    },
    menu: trim(visibleMenu(user)),
  };
  return json(data);
}

export type ModuleData = {
  title: string;
  description: string;
  section: string | null;
  pathname: string;
};

function moduleData(pathname: string): ModuleData {
  const info = routeInfo(pathname);
  return {
    title: info?.item.title ?? "This module",
    description: info?.item.description ?? "",
    section: info?.section?.title ?? null,
    pathname,
  };
}

/**
 * The loader of every route whose module is not built yet: the same guard as the menu (403 for a
 * hidden route, /login without a session), then what the page will hold.
 */
export async function moduleLoader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  await requireAccess(request, ruleForPath(pathname));
  return json(moduleData(pathname));
}

const PUBLIC_MODULES: { pattern: RegExp; title: string; description: string }[] = [
  {
    pattern: /^\/insight-tag\/[^/]+$/,
    title: "Insight Tag",
    description:
      "The public view of an insight tag: what it is attached to and its latest readings.",
  },
];

/** Public (token-gated) routes whose module is not built yet: no session needed, no shell. */
export async function publicModuleLoader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const found = PUBLIC_MODULES.find((m) => m.pattern.test(pathname));
  return json<ModuleData>({
    title: found?.title ?? "This page",
    description: found?.description ?? "",
    section: null,
    pathname,
  });
}
