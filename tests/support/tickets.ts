import { expect } from "vitest";
import { action as ticketsAdminAction } from "~/routes/_shell.tickets.admin";
import { call, formPost } from "./remix";

/** Raises a ticket through the tickets page's form (its route action); returns the ticket's number. */
export async function raiseTicket(
  cookie: string,
  typeId: number,
  title: string,
  cost = 300,
): Promise<number> {
  const res = await call(
    ticketsAdminAction,
    formPost(
      "/tickets/admin",
      {
        intent: "raise",
        type_id: String(typeId),
        title,
        priority: "normal",
        fact_cost: String(cost),
      },
      { cookie },
    ),
  );
  expect(res.status).toBe(302);
  return Number(/ticket=(\d+)/.exec(res.headers.get("location")!)![1]);
}
