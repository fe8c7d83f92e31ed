import { Anchor } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";

/**
 * "Show more" under a list the server sends a first part of: a plain link (no JavaScript needed)
 * that keeps every other parameter and asks for `step` more rows through `?{param}=`.
 */
export function ShowMore({
  param,
  shown,
  total,
  step,
  testId,
}: {
  param: string;
  shown: number;
  total: number;
  step: number;
  testId: string;
}) {
  const { search } = useLocation();
  if (shown >= total) return null;
  const p = new URLSearchParams(search);
  p.set(param, String(shown + step));
  return (
    <Anchor component={Link} to={`?${p}`} preventScrollReset replace size="sm" data-testid={testId}>
      Show {Math.min(step, total - shown)} more (of {total})
    </Anchor>
  );
}
