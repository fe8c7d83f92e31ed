import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "account",
  menu: [
    {
      section: "account",
      order: 10,
      icon: "user",
      id: "account",
      title: "Account",
      href: "/dashboard/account",
      description: "Your profile.",
    },
  ],
  routes: [
    {
      pattern: "/dashboard/sessions",
      title: "Sessions",
      description: "Who is signed in to the company, and ending their sessions.",
      rule: { permission: "edit_permissions", tsadmin: false },
    },
  ],
  actions: {
    "/dashboard/account": { "*": CAN.own },
    "/dashboard/sessions": { "*": { permission: "edit_permissions", tsadmin: false } },
  },
  publicRoutes: [
    { pattern: "/login", why: "sign-in" },
    { pattern: "/admin_login", why: "sign-in" },
    { pattern: "/register", why: "sign-up" },
    { pattern: "/recoverAccount", why: "recovery with the token from the upstream's e-mail" },
    { pattern: "/demo", why: "the demo account's sign-in" },
    { pattern: "/logout", why: "sign-out" },
    {
      pattern: "/display-settings",
      why: "sets the visitor's own display-settings cookie (theme, units); no account data",
    },
  ],
});
