/** Alert event calls (designed: the feed behind notifications). */
import type { Upstream } from "./client.server";
import * as s from "./schemas";

// ------------------------------------------------------------------ events

/** Alert events after `since` (oldest first); when `hasMore`, call again with `next`. */
export async function events(
  up: Upstream,
  input: { since?: string; limit?: number } = {},
): Promise<s.EventsPage> {
  return (
    await up.request({
      method: "GET",
      path: "/v2/events",
      query: input,
      schema: s.eventsResponseSchema,
      idempotent: true,
    })
  ).data;
}
