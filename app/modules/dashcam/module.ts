import { defineModule } from "../kit";

export default defineModule({
  id: "dashcam",
  status: "planned",
  menu: [
    {
      section: "reporting",
      order: 80,
      icon: "camera",
      id: "dashcam-events",
      title: "Dashcam Events",
      href: "/dashboard/dashcam-events",
      rule: { feature: "dashcam" },
      description: "Video events from dashcams: harsh braking, collisions and manual captures.",
      match: ["/dashboard/dashcam-events/:id"],
    },
  ],
});
