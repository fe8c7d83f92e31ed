import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { useSettings } from "~/components/settings/settings-context";
import { MixDesignForm } from "~/modules/concrete/components/mix-design-form";
import { mixFields } from "~/modules/concrete/mix-fields";
import { temperatureUnitFor } from "~/modules/concrete/curing";
import { mixDesignAction, mixDesignLoader } from "~/modules/concrete/mix-design-route.server";

export const meta: MetaFunction = () => [{ title: "New mix design · Tracksmith" }];

export const loader = ({ request }: LoaderFunctionArgs) => mixDesignLoader(request, null);
export const action = ({ request }: ActionFunctionArgs) => mixDesignAction(request, null);

/** A new mix design (SPEC §2.4 mix-design). */
export default function NewMixDesign() {
  const { suppliers, can } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const { settings } = useSettings();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          New mix design
        </Title>
        <Text c="dimmed" size="sm">
          A mix from a supplier, and the calibration its in-place strength is read from.
        </Text>
      </div>
      <RequiresPermission allowed={can.create} rule={CAN.manageConcrete} what="Adding a mix design">
        <MixDesignForm
          key={act ? JSON.stringify(act.values) : "new"}
          id={null}
          values={act?.values ?? mixFields(null, temperatureUnitFor(settings.measurement))}
          errors={act?.errors ?? {}}
          suppliers={suppliers}
        />
      </RequiresPermission>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
