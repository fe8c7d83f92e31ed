import { CAN } from "~/lib/access";

/** Suppliers and hire contracts are fleet records: changing them takes fleet_edit. */
export const MANAGE_SUPPLIERS = CAN.editFleet;

/** Automations act for the whole company (notify, webhooks, tickets): the alert managers' right. */
export const MANAGE_AUTOMATIONS = CAN.manageAlerts;
