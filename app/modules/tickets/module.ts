import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

const EDIT = { permission: "tickets_edit" } as const;
const ADD = { permission: "tickets_add" } as const;

export default defineModule({
  id: "tickets",
  menu: [
    {
      section: "people",
      order: 30,
      icon: "ticket",
      id: "tickets",
      title: "Tickets",
      description: "Tickets raised by staff, their matrix and approvals.",
      children: [
        {
          id: "tickets-admin",
          title: "Ticket Admin",
          href: "/tickets/admin",
          rule: { permission: "tickets_view" },
          description: "Raise and manage tickets.",
        },
        {
          id: "tickets-matrix",
          title: "Ticket Matrix",
          href: "/tickets/matrix",
          rule: { permission: "tickets_view" },
          description: "Tickets by type or jobsite and status, with their service levels.",
        },
        {
          id: "tickets-approvals",
          title: "Ticket Approvals",
          href: "/tickets/approvals",
          rule: { permission: "tickets_view" },
          description: "Tickets waiting for your approval, and who stands in for you.",
        },
      ],
    },
  ],
  routes: [
    {
      pattern: "/tickets/attachments/:id",
      title: "A ticket's attachment",
      rule: { permission: "tickets_view" },
      file: true,
    },
  ],
  actions: {
    "/tickets/admin": {
      raise: ADD,
      attach: { anyPermission: ["tickets_add", "tickets_edit"] },
      "type-save": EDIT,
      "type-layout": EDIT,
      "type-delete": EDIT,
      move: EDIT,
      comment: { anyPermission: ["tickets_add", "tickets_edit"] },
      // The module checks that the step is waiting for this user.
      approve: CAN.own,
      reject: CAN.own,
    },
    "/tickets/approvals": {
      // The module checks that the step is waiting for this user; delegations are their own.
      approve: CAN.own,
      reject: CAN.own,
      delegate: CAN.own,
      "end-delegation": CAN.own,
    },
  },
  publicRoutes: [
    {
      pattern: "/tickets/approve/:token",
      why: "the e-mailed approval link's token is the secret; it decides one step once",
    },
  ],
});
