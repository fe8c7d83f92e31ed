import { CAN } from "~/lib/access";

/** Deliveries are fleet work orders: creating, editing and assigning them takes fleet_edit. */
export const MANAGE_DELIVERIES = CAN.editFleet;
/** A recipient's tracking link is a public share link: share_links makes and revokes it. */
export const SHARE_TRACKING = CAN.shareLinks;
