/**
 * The transactional outbox, write side (issue 37). A mail or notice the app owes is written here
 * in the same transaction as the fact that causes it, so a crash between "the fact is recorded"
 * and "the message went out" leaves a row the worker (outbox-send.server.ts) still sends, instead
 * of a fact that says "already told". Each row has a unique key naming what owes it: writing the
 * same fact twice owes one message.
 */
import { randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/services/db.server";
import { mailDomain } from "~/services/mail.server";
import type { NotificationInput } from "../notifications.server";

export type OwedMail = { to: string; subject: string; text: string; html?: string };
export type OwedNotice = NotificationInput & { push?: boolean };
export type Owed = { key: string; companyId?: number | null } & (
  { mail: OwedMail } | { notice: OwedNotice }
);

/** The outbox table of `prisma` or of a transaction on it. */
export type OutboxDb = Pick<typeof prisma, "outboxMessage">;

/** The Message-ID of an outbox mail: the same on every attempt, so a repeat is recognisable. */
export const messageIdOf = (id: string) => `<outbox.${id}@${mailDomain()}>`;

/**
 * Records what is owed (`db` is the transaction that records the fact). "held" rows wait for
 * `releaseOwed` (the fact is confirmed outside our database first); returns the keys written now.
 */
export async function owe(
  db: OutboxDb,
  owed: readonly Owed[],
  state: "pending" | "held" = "pending",
): Promise<string[]> {
  if (!owed.length) return [];
  const rows = await db.outboxMessage.createManyAndReturn({
    data: owed.map((o) => ({
      id: randomBytes(12).toString("hex"),
      key: o.key,
      companyId: o.companyId ?? null,
      channel: "mail" in o ? "mail" : "notice",
      payload: ("mail" in o ? o.mail : o.notice) as Prisma.InputJsonValue,
      state,
    })),
    skipDuplicates: true,
    select: { key: true },
  });
  return rows.map((r) => r.key);
}

/** Held rows of these keys may go now. */
export async function releaseOwed(keys: readonly string[], db: OutboxDb = prisma) {
  if (!keys.length) return 0;
  const { count } = await db.outboxMessage.updateMany({
    where: { key: { in: [...keys] }, state: "held" },
    data: { state: "pending", nextAt: new Date() },
  });
  return count;
}

/** What is no longer owed (the link was revoked, the fact turned out to be someone else's). */
export async function cancelOwed(keys: readonly string[], why: string, db: OutboxDb = prisma) {
  if (!keys.length) return 0;
  const { count } = await db.outboxMessage.updateMany({
    where: { key: { in: [...keys] }, state: { in: ["held", "pending"] } },
    data: { state: "cancelled", lastError: why },
  });
  return count;
}

/** The rows of these keys with their state (a check for callers and tests). */
export function owedStates(keys: readonly string[]) {
  return prisma.outboxMessage.findMany({
    where: { key: { in: [...keys] } },
    select: { id: true, key: true, state: true, attempts: true, createdAt: true },
  });
}
