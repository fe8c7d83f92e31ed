import { Anchor, Badge, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { loadsPage } from "~/modules/environment/ftc.server";
import { formatMinutes } from "~/modules/environment/units";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Freight temperature control · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return json(await loadsPage(ctx));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["loads"][number];
const col = createColumnHelper<Row>();

const bound = (min: number | null, max: number | null) =>
  min !== null && max !== null
    ? `${min} to ${max} °C`
    : max !== null
      ? `at most ${max} °C`
      : `at least ${min} °C`;

function columns(timeZone: string) {
  return [
    col.accessor("reference", {
      header: "Load",
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={`/dashboard/ftc/${l.id}`} style={{ whiteSpace: "nowrap" }}>
          {l.reference}
        </Anchor>
      ),
    }),
    col.accessor("product", { header: "Product" }),
    col.accessor("device", { header: "Unit" }),
    col.accessor("profile", { header: "Profile" }),
    col.accessor("start", {
      header: "Start",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone),
    }),
    col.accessor("end", {
      header: "End",
      cell: ({ getValue }) =>
        getValue() === null ? "In transit" : formatZoned(getValue(), timeZone),
    }),
    col.accessor("pass", {
      header: "Verdict",
      cell: ({ row: { original: l } }) => (
        <Badge color={l.pass ? "teal" : "red"} variant="light" miw="fit-content">
          {l.pass ? (l.inTransit ? "Passing so far" : "Pass") : "Fail"}
        </Badge>
      ),
    }),
    col.accessor("outMs", {
      header: "Time out of range",
      cell: ({ getValue }) => formatMinutes(getValue()),
    }),
    col.accessor("mkt", {
      header: "MKT (°C)",
      cell: ({ getValue }) => (getValue() === null ? "—" : getValue()!.toFixed(2)),
    }),
    col.accessor("signedBy", {
      header: "Signed off",
      cell: ({ getValue }) => getValue() ?? "Not yet",
    }),
  ];
}

/** Freight temperature control (SPEC §2.3 ftc, cold_chain): loads judged against product profiles. */
export default function Ftc() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Freight temperature control
        </Title>
        <Text c="dimmed" size="sm">
          Each load against its product profile: time out of range (crossings interpolated between
          readings), mean kinetic temperature, and a verdict. Times in {data.timeZone}.
        </Text>
      </div>
      <DataTable
        data={data.loads}
        columns={columns(data.timeZone)}
        getRowId={(l) => String(l.id)}
        label="Loads"
        testId="ftc-loads"
        minWidth={1100}
        empty="No loads yet."
      />
      <Title order={2} size="h3">
        Product profiles
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="ftc-profiles">
        {data.profiles.map((p) => (
          <Paper key={p.id} withBorder p="md">
            <Title order={3} size="h5">
              {p.name}
            </Title>
            <Text size="sm" c="dimmed">
              {p.description}
            </Text>
            <List size="sm" mt="xs">
              {p.tiers.map((t) => (
                <List.Item key={t.label}>
                  {bound(t.min, t.max)}:{" "}
                  {t.allowance_s
                    ? `${formatMinutes(t.allowance_s * 1000)} outside allowed`
                    : "never outside"}
                </List.Item>
              ))}
            </List>
            <Text size="xs" mt="xs">
              Ignored: the first {Math.round(p.startup_ignore_s / 60)} min;{" "}
              {p.door_recovery_s === null
                ? "door openings count"
                : `door open + ${Math.round(p.door_recovery_s / 60)} min`}
              ;{" "}
              {p.defrost_recovery_s === null
                ? "defrost counts"
                : `defrost + ${Math.round(p.defrost_recovery_s / 60)} min`}
              .
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
