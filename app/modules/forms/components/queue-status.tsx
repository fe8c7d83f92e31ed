import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { flushQueue, readQueue } from "./offline-queue";

/** On the forms list: answers kept offline are sent from here too once the network is back. */
export function QueueStatus({ userId }: { userId: number }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const run = async () => {
      if (!readQueue(userId).length) return;
      if (!navigator.onLine) {
        setText(
          "Offline — your answers are saved on this device and will be sent when you're back online.",
        );
        return;
      }
      setText("Back online — sending your saved answers…");
      const r = await flushQueue(userId);
      setText(
        r.sent.length
          ? `Sent: your saved answers to ${r.sent.join(", ")} were submitted.`
          : r.left
            ? "Still offline — your answers are saved on this device."
            : `Your saved answers to ${r.refused.join(", ")} were refused: please fill the form in again.`,
      );
    };
    void run();
    window.addEventListener("online", run);
    return () => window.removeEventListener("online", run);
  }, [userId]);
  return text ? (
    <Alert role="status" color="teal">
      {text}
    </Alert>
  ) : null;
}
