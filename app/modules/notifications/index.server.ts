/** The notifications module's server API for other modules: events the app raises itself. */
export { dispatchToUsers, type AppEvent } from "./event-sync.server";
export { APP_EVENT_PREFIX } from "./notification-cleanup.server";
