import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShellData } from "~/lib/shell";
import { visibleMenu, type MenuItem, type MenuSection } from "~/lib/menu";
import { DEVICE_PATHS, MENU, MENU_RULES } from "~/modules";
import { requireAuth } from "~/services/auth.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { upstreamStartLoss } from "~/services/upstream/start-loss.server";

/** The browser needs titles, links and icons only; descriptions stay on the server. */
function trim(menu: MenuSection[]): MenuSection[] {
  const item = (i: MenuItem): MenuItem => ({
    id: i.id,
    title: i.title,
    href: i.href,
    match: i.match,
    icon: i.icon,
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
    upstreamLoss: user.permissions.edit_permissions ? upstreamStartLoss() : null,
    menu: trim(visibleMenu(user, MENU, MENU_RULES)),
    devicePaths: [...DEVICE_PATHS],
    timeZone: await companyTimeZone({ token, companyId: user.companyid }),
  };
  return json(data);
}

/**
 * Any other path under a shell prefix (the splat routes): a 404 that renders inside the console's
 * shell for a signed-in user, and the sign-in page for anyone else.
 */
export async function shellNotFoundLoader({ request }: LoaderFunctionArgs): Promise<never> {
  await requireAuth(request);
  throw new Response("Not found", { status: 404 });
}
