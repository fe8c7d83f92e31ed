import { defineModule } from "../kit";

export default defineModule({
  id: "environment",
  status: "planned",
  menu: [
    {
      section: "overview",
      order: 50,
      icon: "temperature",
      id: "ftc",
      title: "FTC",
      href: "/dashboard/ftc",
      tsadmin: false,
      description: "The fleet tracking console: live status of every device at a glance.",
    },
    {
      section: "reporting",
      order: 90,
      icon: "temperature",
      id: "environment",
      title: "Environment",
      href: "/dashboard/environment",
      rule: { feature: "cold_chain" },
      description: "Cold chain and environment monitoring: temperature and humidity of sensors.",
    },
  ],
});
