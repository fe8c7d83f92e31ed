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
});
