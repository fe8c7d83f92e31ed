import { defineModule } from "../kit";

export default defineModule({
  id: "insight-tags",
  status: "planned",
  menu: [
    {
      section: "reporting",
      order: 100,
      icon: "tag",
      id: "insight-tags",
      title: "Insight Tags",
      rule: { feature: "insight_tags" },
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
          description: "One insight tag: its details, readings and wiki.",
          match: ["/dashboard/insight-tag/:uuid"],
        },
      ],
    },
  ],
  publicRoutes: [
    {
      pattern: "/insight-tag/:uuid",
      why: "the public page of a scanned tag",
      title: "Insight Tag",
      description:
        "The public view of an insight tag: what it is attached to and its latest readings.",
    },
  ],
});
