import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

/** tag › Wiki › category › folder › page: every step but the last is a link. */
export function WikiBreadcrumbs({ crumbs }: { crumbs: { title: string; href: string }[] }) {
  return (
    <Breadcrumbs aria-label="Breadcrumbs" data-testid="wiki-breadcrumbs" separator="›">
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Text key={c.href} aria-current="page">
            {c.title}
          </Text>
        ) : (
          <Anchor key={c.href} component={Link} to={c.href}>
            {c.title}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
