import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "dashcam",
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
  routes: [
    {
      pattern: "/dashboard/dashcam-media/:id",
      title: "Dashcam snapshot or clip",
      rule: { feature: "dashcam" },
      file: true,
    },
  ],
  actions: {
    // Reviews are driver safety reviews: the same permission as reviewing there.
    "/dashboard/dashcam-events": { bulk: CAN.manageDrivers },
    "/dashboard/dashcam-events/:id": {
      review: CAN.manageDrivers,
      footage: { feature: "dashcam" },
    },
  },
});
