import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

const FEATURE = { feature: "insight_tags" } as const;
/** Company administrators (SPEC §6 edit_permissions) set each user's wiki permissions. */
const ADMIN = { feature: "insight_tags", permission: "edit_permissions" } as const;

/**
 * Insight tags (issue 23). Registering a tag and choosing what its public page shows change the
 * fleet's assets: fleet_edit. Wiki forms are open to the page's users here; each needs its wiki
 * permission (SPEC §3 defaults), which the module checks (403) since the upstream grants it per user.
 * Setting a user's wiki permissions is for company administrators (edit_permissions).
 */
export default defineModule({
  id: "insight-tags",
  rule: FEATURE,
  menu: [
    {
      section: "reporting",
      order: 100,
      icon: "tag",
      id: "insight-tags",
      title: "Insight Tags",
      rule: FEATURE,
      description: "Insight tags attached to equipment, with their wiki.",
      children: [
        {
          id: "insight-tags-list",
          title: "All Insight Tags",
          href: "/dashboard/insight-tags",
          description: "Every insight tag of the company.",
          match: ["/dashboard/insight-tags/:uuid/wiki"],
        },
        {
          id: "insight-tag",
          title: "Insight Tag",
          href: "/dashboard/insight-tag",
          description: "Register an insight tag; one tag: its details, readings and wiki.",
          match: ["/dashboard/insight-tag/:uuid"],
        },
        {
          id: "insight-wiki-permissions",
          title: "Wiki Permissions",
          href: "/dashboard/insight-tags/wiki-permissions",
          rule: ADMIN,
          description: "What each user may do in the insight-tag wikis.",
        },
      ],
    },
  ],
  routes: [
    {
      pattern: "/dashboard/insight-tags/:uuid/wiki/upload",
      title: "Upload a wiki file",
      rule: FEATURE,
      file: true,
    },
    {
      pattern: "/dashboard/insight-tags/:uuid/wiki/files/:id",
      title: "Wiki file",
      rule: FEATURE,
      file: true,
    },
  ],
  publicRoutes: [
    {
      pattern: "/insight-tag/:uuid",
      why: "the public page of a scanned tag: only the fields its company chose, and a rate-limited contact form",
      title: "Insight Tag",
      description:
        "The public view of an insight tag: what it is attached to and its latest readings.",
    },
  ],
  actions: {
    "/dashboard/insight-tag": { register: CAN.editFleet },
    "/dashboard/insight-tag/:uuid": {
      "public-fields": CAN.editFleet,
      retire: CAN.editFleet,
    },
    "/dashboard/insight-tags/:uuid/wiki": {
      "create-category": CAN.own,
      "rename-category": CAN.own,
      "delete-category": CAN.own,
      "create-folder": CAN.own,
      "rename-folder": CAN.own,
      "delete-folder": CAN.own,
      "delete-file": CAN.own,
      "create-page": CAN.own,
      "edit-page": CAN.own,
      "delete-page": CAN.own,
    },
    "/dashboard/insight-tags/wiki-permissions": { "set-wiki-permissions": ADMIN },
    "/dashboard/insight-tags/:uuid/wiki/upload": { "*": CAN.own },
  },
});
