import { Anchor, Group, Text } from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { withParams } from "../trip-query";

/** Page links (plain links: paging works without JavaScript). */
export function Pager({
  page,
  pages,
  total,
  label,
}: {
  page: number;
  pages: number;
  total: number;
  label: string;
}) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const to = (p: number) => withParams(params, { page: String(p), edit: null, notice: null });
  const around = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <Group gap="xs" justify="center" p="sm" component="nav" aria-label={`${label} pages`}>
      {page > 1 ? (
        <Anchor component={Link} to={to(page - 1)} size="sm" rel="prev">
          ← Newer
        </Anchor>
      ) : null}
      {around.map((p, i) => (
        <Group key={p} gap={4}>
          {i > 0 && p - around[i - 1]! > 1 ? (
            <Text size="sm" c="dimmed">
              …
            </Text>
          ) : null}
          {p === page ? (
            <Text size="sm" fw={700} aria-current="page">
              {p}
            </Text>
          ) : (
            <Anchor component={Link} to={to(p)} size="sm">
              {p}
            </Anchor>
          )}
        </Group>
      ))}
      {page < pages ? (
        <Anchor component={Link} to={to(page + 1)} size="sm" rel="next">
          Older →
        </Anchor>
      ) : null}
      <Text size="xs" c="dimmed">
        {total} {label}
      </Text>
    </Group>
  );
}
