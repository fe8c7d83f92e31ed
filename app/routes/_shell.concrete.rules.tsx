import { Anchor, Badge, Button, Group, Stack } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { rulesPage } from "~/modules/concrete/limits.server";
import { canAt, requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Limit rules · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await rulesPage(ctx)), canAdd: canAt(ctx, "/concrete/rule").save });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const HOW = { inapp: "in the app", push: "push", email: "email" } as Record<string, string>;

/** The rules that act on limit sets (SPEC §2.4). */
export default function Rules() {
  const d = useLoaderData<typeof loader>();
  const columns = [
    col.accessor("limit", {
      header: "Limit set",
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/concrete/rule/${r.limit_id}`}>
          {r.limit}
        </Anchor>
      ),
    }),
    col.accessor("people", { header: "Notify", cell: ({ getValue }) => getValue().join(", ") }),
    col.accessor("channels", {
      header: "How",
      cell: ({ getValue }) =>
        getValue()
          .map((c) => HOW[c] ?? c)
          .join(", "),
    }),
    col.accessor("after_minutes", {
      header: "After",
      cell: ({ getValue }) => (getValue() ? `${getValue()} min` : "at once"),
    }),
    col.accessor("active", {
      header: "State",
      cell: ({ getValue }) => (
        <Badge color={getValue() ? "teal" : "gray"} variant="light" miw="fit-content">
          {getValue() ? "Active" : "Paused"}
        </Badge>
      ),
    }),
  ];
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <PageHead title="Limit rules">
          Who is told when a pour breaches a limit set, how, and after how long. Each breach is
          notified once.
        </PageHead>
        {d.free && d.canAdd ? (
          <Button component={Link} to="/concrete/rule">
            New rule
          </Button>
        ) : null}
      </Group>
      <DataTable
        data={d.rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        label="Limit rules"
        testId="rules"
        minWidth={760}
        empty="No rules yet: breaches are shown on the pour page but nobody is told."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
