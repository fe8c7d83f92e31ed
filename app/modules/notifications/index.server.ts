/**
 * The notifications module's server face for other modules: events the app raises itself, and one
 * notification (in-app and push) to one user. Automations (operations) read the company's alert
 * rules as automations, toggle them, sign their own webhooks the same way, and act in the
 * background with the same token.
 */
export { backgroundToken, dispatchToUsers, type AppEvent } from "./event-sync.server";
export { APP_EVENT_PREFIX } from "./notification-cleanup.server";
export { notifyUser, type NotificationInput } from "./notifications.server";
export {
  listRules as listAlertRules,
  setRuleEnabled as setAlertRuleEnabled,
} from "./alert-rules.server";
export { postWebhook, signWebhook, verifyWebhook } from "./webhook.server";
export {
  cancelOwed,
  messageIdOf,
  owe,
  owedStates,
  releaseOwed,
  type Owed,
  type OutboxDb,
} from "./outbox/outbox.server";
export { kickOutbox, sendOwed } from "./outbox/outbox-send.server";
