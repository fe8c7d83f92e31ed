import { defineModule } from "../kit";

export default defineModule({
  id: "docs",
  menu: [
    {
      section: "account",
      order: 40,
      icon: "help",
      id: "docs",
      title: "Documentation",
      href: "/docs/overview/welcome",
      description: "How to use Tracksmith.",
    },
  ],
  publicRoutes: [
    { pattern: "/docs", why: "public documentation" },
    { pattern: "/docs/search", why: "public documentation" },
    { pattern: "/docs/*", why: "public documentation" },
  ],
});
