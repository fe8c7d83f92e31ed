import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "trips",
  menu: [
    {
      section: "reporting",
      order: 30,
      icon: "route",
      id: "trips",
      title: "Trips",
      href: "/dashboard/trips",
      description: "Each vehicle's trips with their route on the map.",
    },
    {
      section: "reporting",
      order: 40,
      icon: "book",
      id: "logbook",
      title: "Logbook",
      href: "/dashboard/logbook",
      rule: { feature: "logbook" },
      description: "The logbook of business and private trips with business versus total distance.",
    },
    {
      section: "reporting",
      order: 50,
      icon: "timeline",
      id: "timeline",
      title: "Timeline",
      href: "/dashboard/timeline",
      description: "A day's movements and stops on a timeline.",
    },
    {
      section: "reporting",
      order: 60,
      icon: "ruler",
      id: "vehicle-distance",
      title: "Vehicle Distance",
      href: "/dashboard/vehicle-distance",
      description: "Distance driven per vehicle over a period.",
      match: ["/dashboard/vehicle-distance-mobile"],
    },
  ],
  routes: [
    {
      pattern: "/dashboard/logbook/export/:format",
      title: "Logbook export",
      rule: { feature: "logbook" },
    },
    { pattern: "/api/trip-track/:id", title: "Trip track", api: true },
    {
      pattern: "/dashboard/trips.csv",
      title: "Trips (CSV)",
      rule: { tsadmin: false },
      file: true,
    },
  ],
  actions: {
    "/dashboard/logbook": {
      purpose: CAN.editLogbook,
      delete: CAN.editLogbook,
      add: CAN.editLogbook,
    },
  },
});
