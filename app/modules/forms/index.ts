/** The forms module's public face for other modules (browser-safe): its offline queue of posts. */
export {
  enqueue,
  flushQueue,
  readQueue,
  type FlushResult,
  type QueuedAnswers,
} from "./components/offline-queue";
