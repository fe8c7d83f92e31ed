import { Alert, Button, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormError } from "~/components/auth/form-error";
import { RECOVERY_MESSAGES, recoveryTokenFrom } from "~/lib/recovery";
import {
  isRecoverySession,
  recoverWithToken,
  resetPasswordForSession,
} from "~/services/login.server";

export const meta: MetaFunction = () => [{ title: "Recover your account · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = recoveryTokenFrom(new URL(request.url).searchParams);
  // Reloading after the token step keeps the password form, for the recovery session only.
  const signedIn = await isRecoverySession(request);
  return json({ token, signedIn });
}

type ActionResult =
  | { step: "token"; ok: true }
  | { step: "token"; ok: false; errors: string[] }
  | { step: "reset"; ok: true }
  | { step: "reset"; ok: false; fieldError?: string; errors?: string[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "token") {
    const address = String((context as { clientAddress?: string }).clientAddress ?? "unknown");
    const result = await recoverWithToken(request, String(form.get("token") ?? ""), address);
    if (result.ok)
      return json({ step: "token", ok: true } as ActionResult, { headers: result.headers });
    return json({ step: "token", ok: false, errors: result.errors } as ActionResult, {
      status: result.status ?? 400,
    });
  }
  const result = await resetPasswordForSession(request, form.get("password"));
  if (result.ok) return json({ step: "reset", ok: true } as ActionResult);
  return json(
    {
      step: "reset",
      ok: false,
      fieldError: result.fieldError,
      errors: result.errors,
    } as ActionResult,
    { status: result.status },
  );
}

export default function RecoverAccount() {
  const { token, signedIn } = useLoaderData<typeof loader>();
  const tokenStep = useFetcher<typeof action>({ key: "recover-token" });
  const plain = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const started = useRef(false);
  // Disabled only once script runs: without JavaScript the server refuses an empty password.
  const hydrated = useHydrated();

  // With JavaScript the token login starts by itself; without it, the Continue button posts it.
  useEffect(() => {
    if (started.current || signedIn) return;
    started.current = true;
    tokenStep.submit({ intent: "token", token: token ?? "" }, { method: "post" });
  }, [signedIn, token, tokenStep]);

  const tokenResult = (tokenStep.data ?? (plain?.step === "token" ? plain : undefined)) as
    ActionResult | undefined;
  const resetResult = (plain?.step === "reset" ? plain : undefined) as ActionResult | undefined;
  const loggedIn = signedIn || (tokenResult?.step === "token" && tokenResult.ok);
  const changed = resetResult?.step === "reset" && resetResult.ok;

  useEffect(() => {
    if (!changed) return;
    const t = setTimeout(() => navigate("/"), 1500);
    return () => clearTimeout(t);
  }, [changed, navigate]);

  const tokenErrors = tokenResult?.step === "token" && !tokenResult.ok ? tokenResult.errors : [];
  const missing = token === null && !loggedIn ? [RECOVERY_MESSAGES.missingToken] : [];
  const errors = [...new Set([...missing, ...tokenErrors])];

  return (
    <AuthLayout title="Recover your account" subtitle="Choose a new password for your account.">
      {changed ? (
        <>
          <meta httpEquiv="refresh" content="2;url=/" />
          <Alert color="green" role="status" data-testid="recovery-status">
            {RECOVERY_MESSAGES.changed}
          </Alert>
        </>
      ) : loggedIn ? (
        <Form method="post">
          <Stack gap="sm">
            <Alert color="teal" role="status" data-testid="recovery-status">
              {RECOVERY_MESSAGES.loggedIn}
            </Alert>
            {resetResult?.step === "reset" && !resetResult.ok ? (
              <FormError errors={resetResult.errors} />
            ) : null}
            <input type="hidden" name="intent" value="reset" />
            <PasswordInput
              name="password"
              label="New Password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={
                resetResult?.step === "reset" && !resetResult.ok
                  ? resetResult.fieldError
                  : undefined
              }
            />
            <Button
              type="submit"
              disabled={hydrated && password.length === 0}
              loading={navigation.state === "submitting"}
            >
              Reset Password
            </Button>
          </Stack>
        </Form>
      ) : (
        <Stack gap="sm">
          {errors.map((e) => (
            <Alert key={e} color="red" role="alert" data-testid="recovery-error">
              {e}
            </Alert>
          ))}
          {tokenStep.state !== "idle" || (!tokenResult && errors.length === 0) ? (
            <Stack align="center" gap="xs" role="status" data-testid="recovery-status">
              <Loader size="sm" />
              <Text>{RECOVERY_MESSAGES.loggingIn}</Text>
            </Stack>
          ) : null}
          <noscript>
            <Form method="post">
              <input type="hidden" name="intent" value="token" />
              <input type="hidden" name="token" value={token ?? ""} />
              <Button type="submit">Continue</Button>
            </Form>
          </noscript>
        </Stack>
      )}
    </AuthLayout>
  );
}
