/** The notifications module's public face: the bell in the shell uses these. */
export { PushPrompt } from "./components/push-prompt";
export { registerServiceWorker } from "./components/push-client";
export type { FeedItem } from "./feed-item";
