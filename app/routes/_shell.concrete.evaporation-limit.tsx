import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReadOnlyForm, RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { DEFAULT_EVAPORATION_LIMIT, LOW_BLEED_EVAPORATION_LIMIT } from "~/modules/concrete/curing";
import { fieldsOf, type Fields } from "~/modules/concrete/mix-form";
import { evaporationLimitPage, saveEvaporationLimit } from "~/modules/concrete/mix.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Evaporation limit · Tracksmith" }];

/** `?id=` edits a limit; without it the page creates one. */
function idParam(url: URL): number | null {
  const raw = url.searchParams.get("id");
  if (raw === null || raw === "") return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const id = idParam(new URL(request.url));
  const page = await evaporationLimitPage(ctx, id);
  if (id !== null && !page.limit) throw new Response("Not found", { status: 404 });
  return json({ ...page, can: ctx.can });
}

type ActionData = { values: Fields; errors: Fields };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const id = idParam(new URL(request.url));
  const save = async (form: FormData) => {
    const values = fieldsOf(form);
    const r = await saveEvaporationLimit(ctx, id, values);
    if (!r.ok) return json<ActionData>({ values, errors: r.errors }, { status: 400 });
    return redirectWithToast("/concrete/evaporation-limits", {
      type: "success",
      description: `${r.row.name}: ${r.row.threshold_kg_m2_h} kg/m²/h saved.`,
    });
  };
  // One record type for either intent, so the answer keeps its type (a union of records had none).
  return switchIntent<Record<string, typeof save>>(
    await request.formData(),
    id === null ? { create: save } : { update: save },
  );
}

/** One evaporation limit (SPEC §2.4 evaporation-limit): a name and a threshold in kg/m²/h. */
export default function EvaporationLimit() {
  const { limit, can } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const v: Fields = act?.values ?? {
    name: limit?.name ?? "",
    threshold_kg_m2_h: limit ? String(limit.threshold_kg_m2_h) : "",
    notes: limit?.notes ?? "",
    ...(limit?.low_bleed ? { low_bleed: "on" } : {}),
  };
  const e = act?.errors ?? {};
  const readOnly =
    limit && !can.update ? (
      <RequiresPermission allowed={false} rule={CAN.manageConcrete} what="Changing it" />
    ) : undefined;
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1} size="h2">
          {limit ? `Edit ${limit.name}` : "New evaporation limit"}
        </Title>
        <Text c="dimmed" size="sm">
          The evaporation rate (Uno 1998 / ACI 305R) above which fresh concrete needs protecting.
        </Text>
      </div>
      <RequiresPermission
        allowed={Boolean(limit) || can.create}
        rule={CAN.manageConcrete}
        what="Adding a limit"
      >
        <Paper withBorder p="md">
          <ReadOnlyForm readOnly={readOnly} data-testid="evaporation-limit-form">
            <input type="hidden" name="intent" value={limit ? "update" : "create"} />
            <Stack gap="sm">
              {e.form ? (
                <Alert color="red" role="alert">
                  {e.form}
                </Alert>
              ) : null}
              <TextInput name="name" label="Name" required defaultValue={v.name} error={e.name} />
              <TextInput
                name="threshold_kg_m2_h"
                label="Threshold (kg/m²/h)"
                inputMode="decimal"
                defaultValue={v.threshold_kg_m2_h}
                error={e.threshold_kg_m2_h}
                description={`Empty: ${DEFAULT_EVAPORATION_LIMIT}, or ${LOW_BLEED_EVAPORATION_LIMIT} for a low-bleed limit.`}
              />
              <Checkbox
                name="low_bleed"
                label="For low-bleed mixes (high SCM, low w/c, silica fume)"
                defaultChecked={v.low_bleed === "on"}
              />
              <TextInput name="notes" label="Notes" defaultValue={v.notes} error={e.notes} />
              <Group>
                {readOnly ?? (
                  <Button type="submit" loading={busy}>
                    {limit ? "Save limit" : "Create limit"}
                  </Button>
                )}
                <Button component={Link} to="/concrete/evaporation-limits" variant="subtle">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </ReadOnlyForm>
        </Paper>
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
