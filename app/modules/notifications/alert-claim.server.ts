/**
 * The once-only claim of alerts (AlertDispatch, one row per event and user) and what it owes,
 * written in one transaction: the in-app notices, the push messages (fanned out after the commit,
 * or by resumePendingMessages) and the e-mails (to the outbox). A process killed
 * after the claim cannot lose them, and a claim that failed to commit is taken by the next sync.
 */
import { prisma } from "~/services/db.server";
import { owedAlertEmails } from "./alert-email.server";
import type { Dispatch } from "./alert-rule-match";
import {
  announceNotifications,
  insertNotifications,
  type NotificationInput,
} from "./notifications.server";
import { kickOutbox } from "./outbox/outbox-send.server";
import { owe } from "./outbox/outbox.server";
import { enqueueFanout, pushMessageRow } from "./push.server";

type Claimable = {
  event: { id: string; kind: string; imei: string; time: string };
  userId: number;
  d: Dispatch;
};

/** Claims what is not claimed yet and returns it; its notices and e-mails are written with it. */
export async function claimAlerts<P extends Claimable>(
  companyId: number,
  planned: P[],
  text: (event: P["event"]) => { title: string; body: string; link: string; when: string },
): Promise<P[]> {
  const inAppOf = ({ event, userId, d }: P): NotificationInput[] => {
    if (!d.channels.has("inapp")) return [];
    const { title, body, link } = text(event);
    return [
      {
        userId,
        companyId,
        kind: event.kind,
        title,
        body,
        link,
        imei: event.imei,
        eventId: event.id,
      },
    ];
  };
  const mailsOf = ({ event, userId, d }: P) =>
    owedAlertEmails(`alert:${event.id}:${userId}`, companyId, d.emails, text(event));
  // One push message per event, to every user it is claimed for with the push channel.
  const pushesOf = (todo: P[]) => {
    const byEvent = new Map<string, { event: P["event"]; userIds: number[] }>();
    for (const { event, userId } of todo.filter((p) => p.d.channels.has("push"))) {
      const entry = byEvent.get(event.id) ?? { event, userIds: [] };
      byEvent.set(event.id, { ...entry, userIds: [...entry.userIds, userId] });
    }
    return [...byEvent.values()].map(({ event, userIds }) => {
      const { title, body, link } = text(event);
      return pushMessageRow(`ev:${event.id}`, userIds, { title, body, link, kind: event.kind });
    });
  };
  const { todo, notes, pushes, mails } = await prisma.$transaction(async (tx) => {
    const claimed = await tx.alertDispatch.createManyAndReturn({
      data: planned.map((p) => ({ eventId: p.event.id, userId: p.userId, companyId })),
      skipDuplicates: true,
      select: { eventId: true, userId: true },
    });
    const mine = new Set(claimed.map((c) => `${c.eventId}|${c.userId}`));
    const todo = planned.filter((p) => mine.has(`${p.event.id}|${p.userId}`));
    const notes = await insertNotifications(tx, todo.flatMap(inAppOf));
    const pushes = await tx.pushMessage.createManyAndReturn({
      data: pushesOf(todo),
      skipDuplicates: true,
      select: { key: true },
    });
    return { todo, notes, pushes, mails: await owe(tx, todo.flatMap(mailsOf)) };
  });
  if (mails.length) void kickOutbox();
  await announceNotifications(notes);
  for (const { key } of pushes) await enqueueFanout(key);
  return todo;
}
