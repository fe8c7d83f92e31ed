import { Alert, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { useSettings } from "~/components/settings/settings-context";
import { MixDesignForm } from "~/modules/concrete/components/mix-design-form";
import { mixFields } from "~/modules/concrete/mix-fields";
import { temperatureUnitFor } from "~/modules/concrete/curing";
import { mixDesignAction, mixDesignLoader } from "~/modules/concrete/mix-design-route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.mix?.name ?? "Mix design"} · Tracksmith` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  mixDesignLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) =>
  mixDesignAction(request, params.id);

/** One mix design (SPEC §2.4 mix-design/{id}): edit it and its calibration; see its curves. */
export default function EditMixDesign() {
  const { suppliers, mix, can } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { settings } = useSettings();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          {mix!.name}
        </Title>
        <Text c="dimmed" size="sm">
          {mix!.design_strength_mpa} MPa · {mix!.cement_type} · w/c {mix!.wc_ratio}
        </Text>
      </div>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted">
          {act.refused}.
        </Alert>
      ) : null}
      <MixDesignForm
        key={act?.values ? JSON.stringify(act.values) : `mix-${mix!.id}`}
        id={mix!.id}
        values={act?.values ?? mixFields(mix, temperatureUnitFor(settings.measurement))}
        errors={act?.errors ?? {}}
        suppliers={suppliers}
        readOnly={
          can.update ? undefined : (
            <RequiresPermission allowed={false} rule={CAN.manageConcrete} what="Changing it" />
          )
        }
      />
      {can.delete ? (
        <ConfirmForm
          fields={{ intent: "delete" }}
          confirming={act?.confirmDelete === true}
          label="Delete mix design"
          question={`Delete ${mix!.name}?`}
          confirmLabel="Yes, delete"
          busy={busy}
          variant="light"
          size="sm"
        />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
