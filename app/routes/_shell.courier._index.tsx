import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CompanyDay, CompanyTime } from "~/components/company-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { courierPage } from "~/modules/operations/deliveries/courier.server";
import { DeliveryStatusBadge } from "~/modules/operations/deliveries/components/status-badge";
import {
  QueueNote,
  useCourierQueue,
} from "~/modules/operations/deliveries/components/courier-queue";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Courier · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json(await courierPage(ctx));
}

/** SPEC §2.2 courier: the signed-in driver's shipments of today, in the order of their windows. */
export default function Courier() {
  const data = useLoaderData<typeof loader>();
  const { note } = useCourierQueue(data.userId, "routes/_shell.courier.shipment.$id");
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1} size="h2">
          My shipments
        </Title>
        <Text c="dimmed" size="sm">
          Today (<CompanyDay day={data.today} />
          ), in delivery order.
        </Text>
      </div>
      <QueueNote note={note} />
      {data.shipments.length === 0 ? (
        <Text data-testid="courier-empty">No shipments for you today.</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {data.shipments.map((s, i) => (
            <Paper
              key={s.id}
              component="li"
              withBorder
              p="sm"
              data-testid="courier-shipment"
              data-id={s.id}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Anchor component={Link} to={`/courier/shipment/${s.id}`} fw={600}>
                    {i + 1}. {s.customer}
                  </Anchor>
                  <Text size="sm">{s.dropoff}</Text>
                  <Text size="sm">
                    <CompanyTime at={s.window_start} kind="time" />–
                    <CompanyTime at={s.window_end} kind="time" /> · {s.reference}
                    {s.eta ? (
                      <>
                        {" "}
                        · ETA <CompanyTime at={s.eta.at} kind="time" />
                      </>
                    ) : null}
                  </Text>
                </div>
                <DeliveryStatusBadge status={s.status} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
