import { Button, Group, Paper, Stack, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { FormAlert, PageHead, errorOf, valueOf } from "~/modules/concrete/components/form-bits";
import { invalid, refused } from "~/modules/concrete/form-result.server";
import { SensorFormSchema } from "~/modules/concrete/pour-forms";
import { addSensor } from "~/modules/concrete/sensors.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Register a sensor · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const s = parseForm(form, SensorFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await addSensor(ctx, s.value);
      if (!r.ok) return refused(form, { imei: r.message }, 409);
      return redirectWithToast(`/concrete/sensor/${r.sensor.imei}`, {
        type: "success",
        description: `${r.sensor.nickname} registered.`,
      });
    },
  });
}

/** Register a concrete probe (concrete/sensor). */
export default function NewSensor() {
  const { can } = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Stack gap="md">
      <PageHead title="Register a sensor">
        A concrete temperature probe, by the 15-digit IMEI printed on it.
      </PageHead>
      <RequiresPermission
        allowed={can.create}
        rule={CAN.manageConcrete}
        what="Registering a sensor"
      >
        <Paper withBorder p="md" maw={520}>
          <Form method="post" data-testid="sensor-form">
            <input type="hidden" name="intent" value="create" />
            <Stack gap="sm">
              <FormAlert reply={reply} />
              <TextInput
                name="imei"
                label="IMEI"
                inputMode="numeric"
                defaultValue={valueOf(reply, "imei", "")}
                error={errorOf(reply, "imei")}
              />
              <TextInput
                name="nickname"
                label="Name"
                defaultValue={valueOf(reply, "nickname", "")}
                error={errorOf(reply, "nickname")}
              />
              <Group>
                <Button type="submit" loading={busy}>
                  Register sensor
                </Button>
                <Button component={Link} to="/concrete/sensors" variant="subtle">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
