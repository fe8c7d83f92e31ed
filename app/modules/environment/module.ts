import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

/**
 * Environment monitoring and freight temperature control (issue 22). Both are gated by cold_chain:
 * the environment sensors (type 57) are the cold rooms and fridges of the same cold chain, and no
 * separate feature for them exists in SPEC §6.
 */
const COLD_CHAIN = { feature: "cold_chain" } as const;
const LIMITS = { ...CAN.manageAlerts, ...COLD_CHAIN };
const SIGN = { ...CAN.manageReports, ...COLD_CHAIN };
/** Profiles are alert thresholds, so those who manage alerts edit them and the loads. */
const EDIT = LIMITS;

export default defineModule({
  id: "environment",
  rule: COLD_CHAIN,
  menu: [
    {
      section: "overview",
      order: 50,
      icon: "temperature",
      id: "ftc",
      title: "FTC",
      href: "/dashboard/ftc",
      tsadmin: false,
      rule: COLD_CHAIN,
      description:
        "Freight temperature control: loads against their product profiles, with a signed shipment report.",
      match: ["/dashboard/ftc/:id"],
    },
    {
      section: "reporting",
      order: 90,
      icon: "temperature",
      id: "environment",
      title: "Environment",
      href: "/dashboard/environment",
      rule: COLD_CHAIN,
      description: "Cold chain and environment monitoring: temperature and humidity of sensors.",
      match: ["/dashboard/environment/:imei"],
    },
  ],
  routes: [
    {
      pattern: "/dashboard/environment/:imei/report/:format",
      title: "Sensor report (CSV, XLSX or PDF)",
      rule: COLD_CHAIN,
      file: true,
    },
    {
      pattern: "/dashboard/ftc/:id/report",
      title: "Shipment report (PDF)",
      rule: COLD_CHAIN,
      file: true,
    },
  ],
  actions: {
    "/dashboard/environment/:imei": { "save-limit": LIMITS, "delete-limit": LIMITS },
    "/dashboard/ftc/:id": { signoff: SIGN },
    "/dashboard/ftc": { "save-profile": EDIT, "save-load": EDIT },
  },
});
