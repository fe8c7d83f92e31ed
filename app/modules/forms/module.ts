import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

const MANAGE_LINKS = CAN.manageFormLinks;
const EDIT = { permission: "forms_edit" } as const;

export default defineModule({
  id: "forms",
  menu: [
    {
      section: "fleet-assets",
      order: 30,
      icon: "forms",
      id: "dashboard-forms",
      title: "Forms Dashboard",
      href: "/dashboard/dashboard-forms",
      rule: { feature: "forms", permission: "forms_view" },
      description: "Fill-in links for the company's forms, and the answers they bring in.",
    },
    {
      section: "people",
      order: 40,
      icon: "forms",
      id: "forms",
      title: "Forms",
      rule: { feature: "forms" },
      description: "Forms to complete, review and build.",
      children: [
        {
          id: "forms-selection",
          title: "Fill In a Form",
          href: "/forms/selection",
          rule: { permission: "complete_forms" },
          description: "Choose a form and complete it.",
          match: ["/forms/fill/:formid"],
        },
        {
          id: "forms-completed",
          title: "Completed Forms",
          href: "/forms/completed",
          // Everyone's with forms_view; one's own with complete_forms (submissions.server.ts).
          rule: { anyPermission: ["forms_view", "complete_forms"] },
          description: "Forms that have been submitted.",
          match: ["/forms/completed/:id"],
        },
        {
          id: "forms-review",
          title: "Review Forms",
          href: "/forms/review",
          rule: { permission: "forms_edit" },
          description: "Forms people have sent in, to approve or send back.",
        },
        {
          id: "forms-admin",
          title: "Forms Admin",
          href: "/forms/admin",
          rule: { permission: "forms_edit" },
          description: "Who may fill in which form.",
        },
        {
          id: "forms-build",
          title: "Build a Form",
          href: "/forms/buildform",
          // Making a form needs forms_add, changing one forms_edit (the actions below).
          rule: { anyPermission: ["forms_add", "forms_edit"] },
          description: "Design a form: its questions and their order.",
          match: ["/forms/buildform/:formid"],
        },
      ],
    },
  ],
  routes: [
    {
      pattern: "/forms/completed/:id/pdf",
      title: "Completed form (PDF)",
      rule: { feature: "forms", anyPermission: ["forms_view", "complete_forms"] },
      file: true,
    },
    {
      pattern: "/forms/upload/:id",
      title: "A photo or signature of a form",
      rule: { feature: "forms", anyPermission: ["forms_view", "complete_forms"] },
      file: true,
    },
  ],
  actions: {
    "/forms/buildform": { create: { permission: "forms_add" } },
    "/forms/buildform/:formid": { edit: EDIT },
    "/forms/admin": {
      publish: EDIT,
      archive: EDIT,
      unarchive: EDIT,
      duplicate: EDIT,
      fillers: EDIT,
    },
    "/forms/fill/:formid": { "*": { permission: "complete_forms" } },
    "/forms/completed/:id": { approve: EDIT, "send-back": EDIT },
    "/dashboard/dashboard-forms": {
      "link-create": MANAGE_LINKS,
      "link-revoke": MANAGE_LINKS,
      "submission-retry": MANAGE_LINKS,
    },
  },
  publicRoutes: [
    {
      pattern: "/forms/:id",
      why: "the fill-in link's id is the token; its action takes answers only",
    },
    { pattern: "/form-submitted-thankyou", why: "a thank-you page with no data" },
  ],
});
