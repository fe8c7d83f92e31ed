import { CAN } from "~/lib/access";

/** Suppliers and hire contracts are fleet records: changing them takes fleet_edit. */
export const MANAGE_SUPPLIERS = CAN.editFleet;
