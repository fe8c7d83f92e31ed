/** Every call the simulator answers, in the order they are matched. */
import { accountRoutes } from "./api-account";
import { beaconRoutes } from "./api-beacons";
import { dashcamRoutes } from "./api-dashcam";
import { deviceRoutes } from "./api-devices";
import { driverRoutes } from "./api-drivers";
import { formRoutes } from "./api-forms";
import { geocodeRoutes } from "./api-geocode";
import { jobsiteRoutes } from "./api-jobsites";
import { jobsiteDocumentRoutes } from "./jobsite-documents";
import { diagnosticsRoutes } from "./api-diagnostics";
import { jobCodeRoutes } from "./api-jobcodes";
import { concreteRoutes } from "./api-concrete";
import { concreteMixRoutes } from "./api-concrete-mix";
import { billingRoutes } from "./api-billing";
import { peopleRoutes } from "./api-people";
import { groupRoutes } from "./api-groups";
import { leaveRoutes } from "./api-leave";
import { timesheetRoutes } from "./api-timesheets";
import { supplierRoutes } from "./api-suppliers";
import { supplierDocumentRoutes } from "./supplier-documents";
import { deliveryRoutes } from "./api-deliveries";
import { sensorRoutes } from "./api-sensors";
import { ticketRoutes } from "./api-tickets";
import { maintenanceRoutes } from "./api-maintenance";
import { simRoutes } from "./api-sim";
import { tripRoutes } from "./api-trips";
import { insightPageRoutes } from "./api-insight-pages";
import { insightTagRoutes } from "./api-insight-tags";
import type { Route } from "./kit";

export const ROUTES: Route[] = [
  ...accountRoutes,
  ...deviceRoutes,
  ...tripRoutes,
  ...beaconRoutes,
  ...simRoutes,
  ...jobsiteDocumentRoutes, // before jobsiteRoutes: /jobsites/documents is not a jobsite id
  ...jobsiteRoutes,
  ...formRoutes,
  ...driverRoutes,
  ...maintenanceRoutes,
  ...geocodeRoutes,
  ...insightTagRoutes,
  ...insightPageRoutes,
  ...diagnosticsRoutes,
  ...jobCodeRoutes,
  ...concreteRoutes,
  ...concreteMixRoutes,
  ...peopleRoutes,
  ...groupRoutes,
  ...billingRoutes,
  ...leaveRoutes,
  ...timesheetRoutes,
  ...supplierDocumentRoutes, // before supplierRoutes: its /suppliers/:id would take /suppliers/documents/:id
  ...supplierRoutes,
  ...deliveryRoutes,
  ...sensorRoutes,
  ...dashcamRoutes,
  ...ticketRoutes,
];
