import { defineModule } from "../kit";

export default defineModule({
  id: "tickets",
  status: "planned",
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
          rule: { permission: "tickets_add" },
          description: "Raise and manage tickets.",
        },
        {
          id: "tickets-matrix",
          title: "Ticket Matrix",
          href: "/tickets/matrix",
          rule: { permission: "tickets_view" },
          description: "Tickets by person and type.",
        },
        {
          id: "tickets-approvals",
          title: "Ticket Approvals",
          href: "/tickets/approvals",
          rule: { permission: "tickets_edit" },
          description: "Tickets waiting for your approval.",
        },
      ],
    },
  ],
});
