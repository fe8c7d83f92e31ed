/**
 * Whether the HTTP front may read a request's body at all (server/request-body.ts asks before it
 * reads a byte). A multipart or large body to a path that needs a session is read only for a
 * signed-in visitor: the guard would refuse the post anyway, but only after the gate had read
 * (and parsed) up to the route's whole limit, 25 MB for a wiki file, from anyone. Public paths
 * (the manifests' publicRoutes) are left to their own pages.
 */
import { anyRoute, PUBLIC_ROUTES } from "~/modules/index";
import { matchPattern } from "~/lib/menu";
import { authFromSession } from "~/services/auth.server";
import { readSessionQuick } from "~/services/session.server";

export type BodyAdmission =
  { admit: true } | { admit: false; status: 302; location: string } | { admit: false; status: 401 };

/** Open without a session: a public pattern's, and no guarded route's (/forms/:id is not /forms/admin). */
export const isPublicPath = (pathname: string) =>
  PUBLIC_ROUTES.some((r) => matchPattern(r.pattern, pathname)) && !anyRoute(pathname);

/** The answer the guard would give this visitor, without the body; or admit. */
export async function bodyAdmission(
  pathname: string,
  search: string,
  cookie: string | null,
): Promise<BodyAdmission> {
  if (isPublicPath(pathname)) return { admit: true };
  const data = await readSessionQuick(cookie);
  if (data && authFromSession(data)) return { admit: true };
  if (anyRoute(pathname)?.api) return { admit: false, status: 401 };
  const back = `${pathname}${search}`;
  return {
    admit: false,
    status: 302,
    location: `/login?${new URLSearchParams({ redirectTo: back })}`,
  };
}
