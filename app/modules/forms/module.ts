import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

const MANAGE_LINKS = CAN.manageFormLinks;

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
      status: "planned",
      rule: { feature: "forms" },
      description: "Forms to complete, review and build.",
      children: [
        {
          id: "forms-selection",
          title: "Fill In a Form",
          href: "/forms/selection",
          rule: { permission: "complete_forms" },
          description: "Choose a form and complete it.",
        },
        {
          id: "forms-completed",
          title: "Completed Forms",
          href: "/forms/completed",
          rule: { permission: "forms_view" },
          description: "Forms that have been submitted.",
        },
        {
          id: "forms-review",
          title: "Review Forms",
          href: "/forms/review",
          rule: { permission: "forms_edit" },
          description: "Submitted forms waiting for review.",
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
          rule: { permission: "forms_add" },
          description: "Design a form: its questions and their order.",
          match: ["/forms/buildform/:formid"],
        },
      ],
    },
  ],
  actions: {
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
