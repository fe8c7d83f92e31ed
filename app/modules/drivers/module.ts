import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "drivers",
  menu: [
    {
      section: "reporting",
      order: 70,
      icon: "shield",
      id: "driversafety",
      title: "Driver Safety",
      href: "/dashboard/driversafety",
      rule: { feature: "driver_safety" },
      description: "Fleet driver scores and incidents, this period against the previous one.",
    },
    {
      section: "people",
      order: 10,
      icon: "steering",
      id: "drivers",
      title: "Drivers",
      rule: { feature: "driver_management", permission: "drivers_manage" },
      description: "Drivers, their tags and assignments.",
      children: [
        {
          id: "drivermanagement",
          title: "Driver Management",
          href: "/dashboard/drivermanagement",
          description: "Drivers and the vehicles they drive.",
        },
        {
          id: "driver-tags",
          title: "Driver Tags",
          href: "/dashboard/driver-tags",
          description: "Every driver ID tag.",
        },
        {
          id: "driver-tag",
          title: "Driver Tag",
          href: "/dashboard/driver-tag",
          description: "One driver ID tag and its driver.",
          match: ["/dashboard/driver-tag/:id"],
        },
      ],
    },
  ],
  actions: {
    "/dashboard/drivermanagement": {
      save: CAN.manageDrivers,
      assign: CAN.manageDrivers,
      deactivate: CAN.manageDrivers,
      reactivate: CAN.manageDrivers,
      "assign-trip": CAN.manageDrivers,
    },
    "/dashboard/driver-tag": { register: CAN.manageDrivers },
    "/dashboard/driver-tag/:id": {
      assign: CAN.manageDrivers,
      unassign: CAN.manageDrivers,
      deactivate: CAN.manageDrivers,
    },
    "/dashboard/driversafety": {
      review: CAN.manageDrivers,
      settings: CAN.manageDrivers,
      recompute: CAN.manageDrivers,
    },
  },
});
