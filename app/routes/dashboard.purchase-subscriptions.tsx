import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  TypedResponse,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Field as ShowsErrors } from "~/components/forms/field";
import { replyIn, typedValue, useActionResult } from "~/lib/action-result";
import { parseForm, refusalReply } from "~/lib/parse-form";
import { placeOrder, purchasePage, quoteOrder } from "~/modules/admin/billing.server";
import type { Quote } from "~/modules/admin/billing-upstream.server";
import { ConformField, FormMessage } from "~/modules/admin/components/fields";
import { money } from "~/modules/admin/money";
import { PurchaseSchema } from "~/modules/admin/people-form";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Buy licences · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await purchasePage(ctx));
}

/** The form's Conform reply (refused, or priced with what was typed), and the price when priced. */
type ActionData = { result?: SubmissionResult<string[]>; quote?: Quote & { id: string } };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const checked = (form: FormData) => parseForm(form, PurchaseSchema);
  return switchIntent(await request.formData(), {
    // Typed, so the priced answer is not folded into the refusal's type (TS keeps the wider one).
    quote: async (form): Promise<TypedResponse<ActionData>> => {
      const s = checked(form);
      if (s.status !== "success") return json<ActionData>({ result: s.reply() }, { status: 400 });
      const r = await quoteOrder(ctx, s.value);
      if (!r.ok)
        return json<ActionData>({ result: refusalReply(s, r.field, r.message) }, { status: 400 });
      return json<ActionData>({ quote: r.quote, result: s.reply() });
    },
    buy: async (form) => {
      const r = await placeOrder(ctx, String(form.get("quote_id") ?? ""));
      if (!r.ok)
        return json<ActionData>(
          { result: refusalReply(checked(form), r.field, r.message) },
          { status: 409 },
        );
      return redirectWithToast("/dashboard/subscriptions", {
        type: "success",
        description: `Order confirmed: ${r.order.devices} device and ${r.order.users} user licences. Invoice ${r.order.invoice.number}, ${money(r.order.invoice.amount_cents)} charged.`,
      });
    },
  });
}

/** Buy more licences or change plan (edit_permissions): priced first, then confirmed. */
export default function Purchase() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const q = act?.quote;
  // Checked by the server only, as before; the wrapper's NotSaved is the form's own error.
  const [form, f] = useForm({
    id: "purchase",
    lastResult: replyIn(act),
    defaultValue: {
      plan_id: d.subscription.plan_id,
      devices: String(d.subscription.devices),
      users: String(d.subscription.users),
    },
  });
  const v = (k: string, fallback: string) => typedValue(act?.result, k, fallback);
  return (
    <Stack gap="md" maw={760}>
      <div>
        <Anchor component={Link} to="/dashboard/subscriptions" size="sm">
          ← Subscriptions
        </Anchor>
        <Title order={1} size="h2">
          Buy licences
        </Title>
        <Text c="dimmed" size="sm">
          Now: {d.subscription.devices} device and {d.subscription.users} user licences. A change is
          charged now for the rest of the period, by the day.
        </Text>
      </div>
      {!d.card ? (
        <Alert color="orange" role="status">
          There is no card on file.{" "}
          <Anchor component={Link} to="/dashboard/payment-details">
            Add a card
          </Anchor>{" "}
          before buying.
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Form method="post" {...getFormProps(form)} data-testid="purchase-form">
          <Stack gap="sm">
            <FormMessage errors={form.errors} />
            <ShowsErrors errors={f.plan_id}>
              <NativeSelect
                key={v("plan_id", d.subscription.plan_id)}
                id="f-plan_id"
                name="plan_id"
                label="Plan"
                defaultValue={v("plan_id", d.subscription.plan_id)}
                data={d.plans.map((p) => ({
                  value: p.id,
                  label: `${p.name}: ${money(p.device_price_cents)} a device, ${money(p.user_price_cents)} a user, monthly`,
                }))}
              />
            </ShowsErrors>
            <Group grow align="flex-start">
              <ConformField meta={f.devices} label="Device licences" type="number" min={1} />
              <ConformField meta={f.users} label="User licences" type="number" min={1} />
            </Group>
            {q ? (
              <Table data-testid="quote">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">Monthly now</Table.Th>
                    <Table.Td ta="right">{money(q.before_cents)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Monthly after</Table.Th>
                    <Table.Td ta="right">{money(q.after_cents)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">
                      Due now (to <CompanyTime at={q.renews_at} kind="date" />)
                    </Table.Th>
                    <Table.Td ta="right" data-testid="due-now">
                      {money(q.due_now_cents)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : null}
            <Group>
              <Button
                type="submit"
                name="intent"
                value="quote"
                variant={q ? "default" : "filled"}
                loading={busy}
              >
                {q ? "Price again" : "See the price"}
              </Button>
              {q ? <input type="hidden" name="quote_id" value={q.id} /> : null}
              {q ? (
                <Button type="submit" name="intent" value="buy" disabled={!d.card}>
                  Confirm purchase of {money(q.due_now_cents)}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
