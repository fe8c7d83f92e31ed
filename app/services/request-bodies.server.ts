import { DOCUMENT_MAX_BYTES } from "~/lib/documents";
import { matchPattern } from "~/lib/menu";
import { getEnv } from "./env.server";

/**
 * What each route takes as a request body, in one place. server/http.ts reads these rules before
 * Remix sees a request: a body over its limit is refused with 413 (on the declared length, or as it
 * streams), one of a kind the route does not take with 415, a malformed one with 400.
 *
 * - `form` (every page and its actions): application/x-www-form-urlencoded or multipart/form-data,
 *   at most BODY_MAX_BYTES (1 MiB).
 * - `json`: the API routes below, which take application/json.
 * - `upload`: multipart routes that carry files, each with its own limit below.
 */
export type BodyKind = "form" | "json" | "upload";
export type BodyRule = { kind: BodyKind; limit: number };

const MB = 1024 * 1024;

/** API routes whose actions read JSON (the browser's PushSubscription.toJSON()). */
export const JSON_ROUTES: readonly string[] = ["/api/push-subscriptions"];

/**
 * Routes that take files, and how large a body each may send: the file's own limit plus room for
 * the multipart framing. An upload route not declared here is held to BODY_MAX_BYTES (1 MiB),
 * whatever its page says. Its action parses the body it is given (already within that limit) with
 * postedFiles (file-transfer.server.ts).
 */
export const UPLOAD_ROUTES: readonly { pattern: string; limit: number | (() => number) }[] = [
  // A wiki file: the module counts the file itself against WIKI_UPLOAD_MAX_BYTES and says so;
  // the gate here only stops bodies far beyond it (multipart framing adds a little).
  {
    pattern: "/dashboard/insight-tags/:uuid/wiki/upload",
    limit: () => getEnv().WIKI_UPLOAD_MAX_BYTES + MB,
  },
  // A maintenance task photo: the module counts the image against its 10 MB limit and says so.
  { pattern: "/dashboard/tasks/:id/photos", limit: 11 * MB },
  // A clock-on photo: the browser shrinks it first; without JavaScript the module says it is too large.
  { pattern: "/timesheet/view", limit: 12 * MB },
  // A ticket attachment: the module counts the file against its 700 KB limit and says so.
  { pattern: "/tickets/admin", limit: 4 * MB },
  // A proof-of-delivery photo: the browser shrinks it first; without JavaScript the module says
  // it is too large.
  { pattern: "/courier/shipment/:id", limit: 12 * MB },
  // Jobsite and supplier documents: the shared document upload counts each against its 10 MB.
  { pattern: "/admin/jobsite/:id/files", limit: DOCUMENT_MAX_BYTES + MB },
  { pattern: "/dashboard/suppliers/:id/documents", limit: DOCUMENT_MAX_BYTES + MB },
];

/** The rule for one path (Remix route paths match case-insensitively, with or without a trailing /). */
export function bodyRuleFor(pathname: string): BodyRule {
  const upload = UPLOAD_ROUTES.find((r) => matchPattern(r.pattern, pathname));
  if (upload) {
    const limit = typeof upload.limit === "function" ? upload.limit() : upload.limit;
    return { kind: "upload", limit: Math.min(limit, 100 * MB) };
  }
  const limit = getEnv().BODY_MAX_BYTES;
  if (JSON_ROUTES.some((p) => matchPattern(p, pathname))) return { kind: "json", limit };
  return { kind: "form", limit };
}
