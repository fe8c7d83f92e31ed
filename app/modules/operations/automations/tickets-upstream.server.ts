/**
 * The "create a ticket" action: the tickets module offers no server face to other modules, so the
 * automation posts to the upstream's ticket calls itself (GET /tickets/types, POST /tickets/list),
 * as the company's first ticket type, with the event in the description.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const typeSchema = z.object({ id: z.number().int(), name: z.string() }).passthrough();
const ticketSchema = z.object({ id: z.number().int() }).passthrough();

export async function createTicket(
  up: Upstream,
  t: { title: string; description: string; imei: string | null },
): Promise<number> {
  const types = (
    await up.request({
      method: "GET",
      path: "/tickets/types",
      schema: z.array(typeSchema),
      idempotent: true,
    })
  ).data;
  const type = types[0];
  if (!type) throw new Error("The company has no ticket type to file the ticket under");
  const created = await up.request({
    method: "POST",
    path: "/tickets/list",
    body: {
      type_id: type.id,
      title: t.title.slice(0, 120),
      description: t.description.slice(0, 4000),
      imei: t.imei,
    },
    schema: ticketSchema,
  });
  return created.data.id;
}
