/** The notifications module's server face for other modules: one notification (in-app and push). */
export { notifyUser, type NotificationInput } from "./notifications.server";
