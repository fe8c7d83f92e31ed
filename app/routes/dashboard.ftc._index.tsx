import {
  Anchor,
  Badge,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { parseForm } from "~/lib/parse-form";
import {
  LoadFormCard,
  ProfileFormCard,
  type FormResult,
} from "~/modules/environment/components/ftc-forms";
import { LoadSchema, ProfileSchema } from "~/modules/environment/ftc-form";
import { loadsPage, saveLoadForm, saveProfileForm } from "~/modules/environment/ftc.server";
import { measurementOf } from "~/services/measurement.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatMinutes } from "~/modules/environment/units";
import { requireModule } from "~/services/guard.server";
import { temperatureLabel } from "~/lib/units";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Freight temperature control · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return json(await loadsPage(ctx, measurementOf(request), new URL(request.url)));
}

type ActionData = FormResult & { intent?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return switchIntent(await request.formData(), {
    "save-profile": async (form) => {
      const submission = parseForm(form, ProfileSchema);
      if (submission.status !== "success")
        return json<ActionData>(
          { intent: "save-profile", result: submission.reply(), message: null },
          { status: 400 },
        );
      const r = await saveProfileForm(ctx, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { intent: "save-profile", result: submission.reply(), message: r.message },
          { status: r.status },
        );
      return redirectWithToast("/dashboard/ftc", {
        type: "success",
        description: `Profile ${r.value.name} saved.`,
      });
    },
    "save-load": async (form) => {
      const submission = parseForm(form, LoadSchema);
      if (submission.status !== "success")
        return json<ActionData>(
          { intent: "save-load", result: submission.reply(), message: null },
          { status: 400 },
        );
      const r = await saveLoadForm(ctx, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { intent: "save-load", result: submission.reply(), message: r.message },
          { status: r.status },
        );
      return redirectWithToast("/dashboard/ftc", {
        type: "success",
        description: `Load ${r.value.reference} saved.`,
      });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["loads"][number];
const col = createColumnHelper<Row>();

const bound = (min: number | null, max: number | null, u: string) =>
  min !== null && max !== null
    ? `${min} to ${max} ${u}`
    : max !== null
      ? `at most ${max} ${u}`
      : `at least ${min} ${u}`;

function columns(timeZone: string, u: string, canEdit: boolean) {
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
      header: `MKT (${u})`,
      cell: ({ getValue }) => (getValue() === null ? "—" : getValue()!.toFixed(2)),
    }),
    col.accessor("signedBy", {
      header: "Signed off",
      cell: ({ getValue }) => getValue() ?? "Not yet",
    }),
    ...(canEdit
      ? [
          col.display({
            id: "edit",
            header: "Edit",
            cell: ({ row: { original: l } }) =>
              l.signedBy ? null : (
                <Anchor component={Link} to={`/dashboard/ftc?load=${l.id}#load-form`}>
                  Edit<VisuallyHidden component="span"> load {l.reference}</VisuallyHidden>
                </Anchor>
              ),
          }),
        ]
      : []),
  ];
}

/** Freight temperature control (SPEC §2.3 ftc, cold_chain): loads judged against product profiles. */
export default function Ftc() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const u = temperatureLabel(data.measurement);
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
        columns={columns(data.timeZone, u, data.canEdit)}
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
                  {bound(t.min, t.max, u)}:{" "}
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
            {data.canEdit ? (
              <Anchor component={Link} to={`/dashboard/ftc?profile=${p.id}#profile-form`} size="sm">
                Edit<VisuallyHidden component="span"> profile {p.name}</VisuallyHidden>
              </Anchor>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>
      {data.canEdit ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} id="edit-forms">
          <div id="profile-form">
            <ProfileFormCard
              key={data.profileValues?.id ?? "new"}
              values={data.profileValues}
              unit={data.measurement === "imperial" ? "F" : "C"}
              result={act?.intent === "save-profile" ? act : undefined}
            />
          </div>
          <div id="load-form">
            <LoadFormCard
              key={data.loadValues?.id ?? "new"}
              values={data.loadValues}
              devices={data.devices}
              profiles={data.profileOptions}
              timeZone={data.timeZone}
              result={act?.intent === "save-load" ? act : undefined}
            />
          </div>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
