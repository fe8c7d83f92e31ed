import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "beacons",
  rule: { feature: "ble_beacons" },
  menu: [
    {
      section: "overview",
      order: 40,
      icon: "beaconMap",
      id: "beacon-overview-map",
      title: "Beacon Map",
      href: "/dashboard/beacon-overview-map",
      rule: { feature: "ble_beacons" },
      description: "Where each BLE beacon was last seen.",
    },
    {
      section: "fleet-assets",
      order: 10,
      icon: "beacon",
      id: "beacons",
      title: "Beacons",
      rule: { feature: "ble_beacons" },
      description: "BLE beacons: their list, configuration and details.",
      children: [
        {
          id: "beacons-list",
          title: "Beacon List",
          href: "/dashboard/beacons",
          description: "Every beacon of the company.",
          match: ["/dashboard/beacon/:uuid"],
        },
        {
          id: "beacon",
          title: "Beacon",
          href: "/dashboard/beacon",
          description: "One beacon and where it was seen.",
        },
        {
          id: "beacon-config",
          title: "Beacon Config",
          href: "/dashboard/beacon-config",
          rule: CAN.editBeacons,
          description: "Beacon settings per device.",
        },
      ],
    },
  ],
  routes: [
    { pattern: "/dashboard/assets/beacon/:uuid", title: "Beacon" },
    { pattern: "/dashboard/beacons.csv", title: "Beacons (CSV)", file: true },
  ],
  publicRoutes: [
    { pattern: "/beacons/dashboard/:uuid", why: "only with a beacon share link's token" },
    {
      pattern: "/coverage-map",
      why: "aggregated cells only, never a device's position or identity",
    },
  ],
  actions: {
    "/dashboard/beacon/:uuid": { share: CAN.shareLinks, "share-revoke": CAN.shareLinks },
    "/dashboard/assets/beacon/:uuid": { share: CAN.shareLinks, "share-revoke": CAN.shareLinks },
    "/dashboard/beacon-config": { "*": CAN.editBeacons },
  },
  devicePaths: ["/dashboard/assets/beacon/:uuid", "/dashboard/beacon/:uuid"],
});
