/**
 * The notifications module's server face for other modules: events the app raises itself, and one
 * notification (in-app and push) to one user.
 */
export { dispatchToUsers, type AppEvent } from "./event-sync.server";
export { APP_EVENT_PREFIX } from "./notification-cleanup.server";
export { notifyUser, type NotificationInput } from "./notifications.server";
