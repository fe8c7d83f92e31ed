import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "notifications",
  menu: [
    {
      section: "overview",
      order: 70,
      icon: "bell",
      id: "notifications",
      title: "Notifications",
      href: "/dashboard/notifications",
      description: "Alerts from your devices and browser push settings.",
    },
  ],
  routes: [
    { pattern: "/api/notifications", title: "Notification feed", api: true },
    { pattern: "/api/notifications-stream", title: "Notification stream", api: true },
    { pattern: "/api/push-key", title: "Push key", api: true },
    { pattern: "/api/push-subscriptions", title: "Push subscriptions", api: true },
  ],
  actions: {
    "/dashboard/notifications": {
      // The user's own feed and browsers.
      read: CAN.own,
      "read-all": CAN.own,
      "sub-remove": CAN.own,
      // A rule belongs to its owner: alert-rules.server.ts lets the owner and holders of
      // alerts_manage at it (others get 404), and only the latter create one.
      "rule-save": CAN.own,
      "rule-toggle": CAN.own,
      "rule-delete": CAN.own,
      "rule-test": CAN.own,
    },
    "/api/notifications": { "*": CAN.own },
    "/api/push-subscriptions": { "*": CAN.own },
  },
});
