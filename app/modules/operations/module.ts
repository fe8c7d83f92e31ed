import { CAN } from "~/lib/access";
import { defineModule } from "../kit";
import { MANAGE_AUTOMATIONS, MANAGE_SUPPLIERS } from "./rules";
import { MANAGE_DELIVERIES, SHARE_TRACKING } from "./deliveries/rules";

/** Installers fit and configure devices: the fleet-editing permission. */
const INSTALL = CAN.editFleet;

export default defineModule({
  id: "operations",
  // Built: the installation check, suppliers, plant hire, automations, deliveries and courier.
  menu: [
    {
      section: "fleet-assets",
      order: 20,
      icon: "bolt",
      id: "automations",
      title: "Automations",
      rule: { feature: "automation" },
      description: "Rules that act on device events.",
      children: [
        {
          id: "automations-list",
          title: "Automations",
          href: "/dashboard/automations",
          description: "Every automation and whether it is on.",
        },
        {
          id: "create-automation",
          title: "Create Automation",
          href: "/dashboard/createAutomations",
          description: "Build an automation from a trigger and actions.",
          match: ["/dashboard/createAutomations/:id"],
        },
      ],
    },
    {
      section: "fleet-assets",
      order: 40,
      icon: "crane",
      id: "plant-hire",
      title: "Plant Hire",
      href: "/dashboard/plant-hire",
      match: ["/dashboard/plant-hire/:id"],
      description: "Hired plant and equipment, with hire periods.",
    },
    {
      section: "fleet-assets",
      order: 50,
      icon: "package",
      id: "deliverymanagement",
      title: "Delivery Management",
      href: "/dashboard/deliverymanagement",
      description: "Deliveries, their stops and proof of delivery.",
      match: ["/dashboard/deliverymanagement/:id"],
    },
    {
      section: "fleet-assets",
      order: 60,
      icon: "building",
      id: "suppliers",
      title: "Suppliers",
      href: "/dashboard/suppliers",
      description: "Suppliers and their contacts.",
    },
    {
      section: "people",
      order: 50,
      icon: "truckDelivery",
      id: "courier",
      title: "Courier",
      href: "/courier",
      description: "Courier shipments and their tracking.",
      match: ["/courier/shipment/:id"],
    },
  ],
  routes: [
    {
      pattern: "/installation/:imei",
      title: "Device Installation",
      description:
        "Step-by-step checks while a device is installed: power, GPS fix and first report.",
      rule: INSTALL,
    },
    {
      pattern: "/installation/:imei/certificate/:id",
      title: "Installation certificate (PDF)",
      rule: INSTALL,
      file: true,
    },
    {
      pattern: "/dashboard/plant-hire/report",
      title: "Hire report",
      description: "Utilisation, days on site, idle share and charge of every hire contract.",
    },
    {
      pattern: "/dashboard/plant-hire/report/:format",
      title: "Hire report (CSV or PDF)",
      file: true,
    },
    {
      pattern: "/dashboard/suppliers/:id/documents",
      title: "Upload a supplier document",
      file: true,
    },
    { pattern: "/dashboard/suppliers/:id/documents/:doc", title: "Supplier document", file: true },
  ],
  publicRoutes: [
    {
      pattern: "/track/:token",
      why: "a recipient's tracking link: the token is signed random bytes, revocable and expiring",
    },
    {
      pattern: "/verify/:code",
      why: "checks an installation certificate's printed code: says only valid or not, and for a valid one the device, company, date and result; lookups rate-limited per address",
    },
  ],
  actions: {
    "/dashboard/automations": {
      enable: MANAGE_AUTOMATIONS,
      disable: MANAGE_AUTOMATIONS,
      delete: MANAGE_AUTOMATIONS,
    },
    // The builder's buttons (save, dry run, add or remove a condition or action) all edit the rule.
    "/dashboard/createAutomations": { "*": MANAGE_AUTOMATIONS },
    "/dashboard/createAutomations/:id": { "*": MANAGE_AUTOMATIONS },
    "/dashboard/deliverymanagement": {
      create: MANAGE_DELIVERIES,
      update: MANAGE_DELIVERIES,
      delete: MANAGE_DELIVERIES,
    },
    "/dashboard/deliverymanagement/:id": {
      assign: MANAGE_DELIVERIES,
      delete: MANAGE_DELIVERIES,
      "link-create": SHARE_TRACKING,
      "link-revoke": SHARE_TRACKING,
    },
    "/courier/shipment/:id": { status: CAN.own },
    "/installation/:imei": { issue: INSTALL },
    "/dashboard/plant-hire": { create: MANAGE_SUPPLIERS },
    "/dashboard/plant-hire/:id": { update: MANAGE_SUPPLIERS, delete: MANAGE_SUPPLIERS },
    "/dashboard/suppliers": {
      create: MANAGE_SUPPLIERS,
      update: MANAGE_SUPPLIERS,
      delete: MANAGE_SUPPLIERS,
      "delete-document": MANAGE_SUPPLIERS,
    },
    "/dashboard/suppliers/:id/documents": { "*": MANAGE_SUPPLIERS },
  },
  devicePaths: ["/installation/:imei"],
});
