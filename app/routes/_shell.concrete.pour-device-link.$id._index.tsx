import { Button, Group, NativeSelect, Paper, Stack, TextInput } from "@mantine/core";
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
import { LinkFormSchema } from "~/modules/concrete/pour-forms";
import { idParam, pourOf } from "~/modules/concrete/pours.server";
import { linkFormPage, saveLink } from "~/modules/concrete/sensors.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Link a sensor · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await linkFormPage(ctx, idParam(params.id))), can: ctx.can });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    link: async (form) => {
      const id = idParam(params.id);
      // Another company's pour is a 404 before the form is even read.
      await pourOf(ctx, id);
      const s = parseForm(form, LinkFormSchema);
      if (s.status !== "success") return invalid(form, s);
      const r = await saveLink(ctx, id, s.value);
      if (!r.ok) return refused(form, { imei: r.message }, 409);
      return redirectWithToast(`/concrete/pour-device-links/${id}`, {
        type: "success",
        description: "Sensor linked.",
      });
    },
  });
}

/** Link a sensor to a pour (concrete/pour-device-link/{id}). */
export default function LinkSensor() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Stack gap="md">
      <PageHead title={`Link a sensor to ${d.pour.element}`}>
        A sensor reads for one active pour at a time. Depth is from the top face (the element is{" "}
        {d.pour.thickness_m} m thick).
      </PageHead>
      <RequiresPermission allowed={d.can.link} rule={CAN.manageConcrete} what="Linking a sensor">
        <Paper withBorder p="md" maw={620}>
          <Form method="post" data-testid="link-form">
            <input type="hidden" name="intent" value="link" />
            <Stack gap="sm">
              <FormAlert reply={reply} />
              <NativeSelect
                name="imei"
                label="Sensor"
                defaultValue={valueOf(reply, "imei", "")}
                error={errorOf(reply, "imei")}
                data={[
                  { value: "", label: "Choose a sensor" },
                  ...d.sensors.map((s) => ({
                    value: s.imei,
                    label: `${s.nickname} (${s.imei})${s.busy ? ` · in ${s.busy}` : ""}`,
                  })),
                ]}
              />
              <Group grow align="flex-start">
                <NativeSelect
                  name="position"
                  label="Position"
                  defaultValue={valueOf(reply, "position", "core")}
                  error={errorOf(reply, "position")}
                  data={[
                    { value: "core", label: "Core" },
                    { value: "surface", label: "Surface" },
                    { value: "ambient", label: "Ambient (air)" },
                  ]}
                />
                <TextInput
                  name="depth_mm"
                  label="Depth (mm)"
                  type="number"
                  defaultValue={valueOf(reply, "depth_mm", "0")}
                  error={errorOf(reply, "depth_mm")}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  name="from"
                  type="datetime-local"
                  label="Monitor from (empty: when placed)"
                  defaultValue={valueOf(reply, "from", "")}
                  error={errorOf(reply, "from")}
                />
                <TextInput
                  name="to"
                  type="datetime-local"
                  label="Monitor until (empty: open)"
                  defaultValue={valueOf(reply, "to", "")}
                  error={errorOf(reply, "to")}
                />
              </Group>
              <Group>
                <Button type="submit" loading={busy}>
                  Link sensor
                </Button>
                <Button
                  component={Link}
                  to={`/concrete/pour-device-links/${d.pour.id}`}
                  variant="subtle"
                >
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
