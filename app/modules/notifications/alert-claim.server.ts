/**
 * The once-only claim of alerts (AlertDispatch, one row per event and user) and what it owes,
 * written in one transaction: the in-app notices and the e-mails (to the outbox). A process killed
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
  const { todo, notes, mails } = await prisma.$transaction(async (tx) => {
    const claimed = await tx.alertDispatch.createManyAndReturn({
      data: planned.map((p) => ({ eventId: p.event.id, userId: p.userId, companyId })),
      skipDuplicates: true,
      select: { eventId: true, userId: true },
    });
    const mine = new Set(claimed.map((c) => `${c.eventId}|${c.userId}`));
    const todo = planned.filter((p) => mine.has(`${p.event.id}|${p.userId}`));
    const notes = await insertNotifications(tx, todo.flatMap(inAppOf));
    return { todo, notes, mails: await owe(tx, todo.flatMap(mailsOf)) };
  });
  if (mails.length) void kickOutbox();
  await announceNotifications(notes);
  return todo;
}
