import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShellData } from "~/lib/shell";
import { matchPattern, visibleMenu, type MenuItem, type MenuSection } from "~/lib/menu";
import { anyRoute, DEVICE_PATHS, MENU, MENU_RULES, PUBLIC_ROUTES } from "~/modules";
import { requireAuth } from "~/services/auth.server";
import { requireModule } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

/** The browser needs titles, links and icons only; descriptions stay on the server. */
function trim(menu: MenuSection[]): MenuSection[] {
  const item = (i: MenuItem): MenuItem => ({
    id: i.id,
    title: i.title,
    href: i.href,
    match: i.match,
    icon: i.icon,
    status: i.status,
    description: "",
    children: i.children?.map(item),
  });
  return menu.map((s) => ({ ...s, items: s.items.map(item) }));
}

/**
 * The loader of the authenticated layouts (/dashboard and the pathless shell of /concrete, /forms,
 * /tickets, /timesheet, /admin, /courier, /installation): the user and the part of the menu they
 * may see. It guards nothing else: Remix calls a child's loader without its layout's on client
 * navigation, so every child route guards itself with requireModule.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireAuth(request);
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
    menu: trim(visibleMenu(user, MENU, MENU_RULES)),
    devicePaths: [...DEVICE_PATHS],
    timeZone: await companyTimeZone({ token, companyId: user.companyid }),
  };
  return json(data);
}

export type ModuleData = {
  title: string;
  description: string;
  section: string | null;
  pathname: string;
};

/**
 * The one loader of every path a module declares but has not built yet (the splat routes of each
 * shell prefix): the module's guard, then what the page will hold. Any other path is a 404.
 */
export async function plannedLoader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const entry = anyRoute(pathname);
  if (!entry) {
    await requireAuth(request);
    throw new Response("Not found", { status: 404 });
  }
  const { route } = await requireModule(request, entry.moduleId);
  return json<ModuleData>({
    title: route.title,
    description: route.description,
    section: route.section,
    pathname,
  });
}

/** Public (token-gated) paths a module declares but has not built yet: no session, no shell. */
export async function publicPlannedLoader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const found = PUBLIC_ROUTES.find((r) => r.title && matchPattern(r.pattern, pathname));
  if (!found) throw new Response("Not found", { status: 404 });
  return json<ModuleData>({
    title: found.title ?? "",
    description: found.description ?? "",
    section: null,
    pathname,
  });
}
