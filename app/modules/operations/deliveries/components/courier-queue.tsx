/**
 * A courier's actions on a flaky network: a form posted while the phone is offline is kept in the
 * forms module's offline queue (localStorage) and sent when the network returns, from this page or
 * any page that flushes the queue. Each form carries a `ref`, so one sent twice counts once.
 */
import { Alert } from "@mantine/core";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { enqueue, flushQueue, readQueue } from "~/modules/forms";

type Note = { color: string; text: string } | null;

export function useCourierQueue(userId: number, routeId: string) {
  const [note, setNote] = useState<Note>(null);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const run = async () => {
      if (!readQueue(userId).length) return;
      if (!navigator.onLine) {
        setNote({
          color: "yellow",
          text: "Offline — your updates are saved on this phone and will be sent when you're back online.",
        });
        return;
      }
      setNote({ color: "teal", text: "Back online — sending your saved updates…" });
      const r = await flushQueue(userId);
      setNote(
        r.left
          ? { color: "yellow", text: "Still offline — your updates are saved on this phone." }
          : r.refused.length
            ? {
                color: "red",
                text: `Not accepted: ${r.refused.join(", ")}. It may have been changed already; check the shipment.`,
              }
            : { color: "teal", text: `Sent: ${r.sent.join(", ")}.` },
      );
      revalidate();
    };
    void run();
    window.addEventListener("online", run);
    return () => window.removeEventListener("online", run);
  }, [userId, revalidate]);

  /** onSubmit of a form: offline, it is queued instead of posted. */
  const onSubmit = useCallback(
    (title: string) => async (e: FormEvent<HTMLFormElement>) => {
      const form = e.currentTarget;
      const at = form.elements.namedItem("at");
      if (at instanceof HTMLInputElement) at.value = new Date().toISOString();
      if (navigator.onLine) return;
      e.preventDefault();
      await enqueue(userId, form, routeId, title);
      setNote({
        color: "yellow",
        text: `Offline — "${title}" is saved on this phone and will be sent when you're back online.`,
      });
    },
    [userId, routeId],
  );
  return { note, onSubmit };
}

export function QueueNote({ note }: { note: Note }) {
  return note ? (
    <Alert color={note.color} role="status" data-testid="courier-queue">
      {note.text}
    </Alert>
  ) : null;
}
