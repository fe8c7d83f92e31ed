// URL imports: the classic compiler emits each file and links() loads them. (A side-effect import
// would need @remix-run/css-bundle, which is not installed, and the styles never reached the page.)
import chartsStyles from "@mantine/charts/styles.css";
import coreStyles from "@mantine/core/styles.css";
import datesStyles from "@mantine/dates/styles.css";
import notificationsStyles from "@mantine/notifications/styles.css";
import nprogressStyles from "@mantine/nprogress/styles.css";
import appStyles from "~/styles/app.css";
import { ColorSchemeScript, DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { Notifications } from "@mantine/notifications";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useMemo, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SettingsProvider, useSettings } from "~/components/settings/settings-context";
import { LoadingScreen } from "~/components/shell/loading-screen";
import { RouteProgress } from "~/components/shell/navigation-progress";
import { Toaster, type ToastMessage } from "~/components/toaster";
import { applyDayjsLocale, type DateLocale } from "~/lib/locale";
import { useNonce } from "~/lib/nonce";
import { parseSettings, settingsFromCookieHeader } from "~/lib/settings";
import { colorSchemeFor, cssVariablesResolver, MAX_SNACKBARS, themeFor } from "~/lib/theme";
import { dateLocaleFor } from "~/services/locale.server";
import { getToast } from "~/services/toast.server";

export const links: LinksFunction = () => [
  ...[coreStyles, datesStyles, notificationsStyles, chartsStyles].map((href) => ({
    rel: "stylesheet",
    href,
  })),
  { rel: "stylesheet", href: nprogressStyles },
  // The app's own global rules (maps under the shell, no-JavaScript states), after Mantine's.
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Tracksmith" },
  { name: "description", content: "Fleet and asset tracking" },
];

/**
 * The settings cookie (so the first paint has the right theme), the date locale of the visitor and
 * the toast flashed by the last action, which this answer clears so it shows once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = settingsFromCookieHeader(request.headers.get("cookie"));
  const locale = await dateLocaleFor(
    request,
    String((context as { clientAddress?: string }).clientAddress ?? ""),
  );
  const { toast, setCookie } = await getToast(request);
  return json(
    { settings, locale, toast },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// Settings and locale do not change with navigation (the client owns them after the first load),
// but a submission may have flashed a toast, so the root loads again after one.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET";

/** Keeps Mantine's direction (and the <html dir>) in step with the setting, without a reload. */
function DirectionSync({ direction }: { direction: "ltr" | "rtl" }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(direction), [direction, setDirection]);
  return null;
}

function Document({
  children,
  locale,
  toast,
}: {
  children: ReactNode;
  locale: DateLocale;
  toast: ToastMessage | null;
}) {
  const nonce = useNonce();
  const { settings } = useSettings();
  const scheme = colorSchemeFor(settings.theme);
  const theme = useMemo(
    () => themeFor(settings),
    [settings.theme, settings.roundedCorners, settings.responsiveFontSizes, settings.compact], // eslint-disable-line react-hooks/exhaustive-deps
  );
  applyDayjsLocale(locale);
  return (
    <html
      lang={locale}
      dir={settings.direction}
      data-mantine-color-scheme={scheme}
      data-theme={settings.theme.toLowerCase()}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} forceColorScheme={scheme} />
      </head>
      <body>
        <DirectionProvider initialDirection={settings.direction} detectDirection={false}>
          <DirectionSync direction={settings.direction} />
          <MantineProvider
            theme={theme}
            forceColorScheme={scheme}
            cssVariablesResolver={cssVariablesResolver}
            getStyleNonce={() => nonce}
          >
            <DatesProvider settings={{ locale }}>
              <RouteProgress />
              <Notifications limit={MAX_SNACKBARS} />
              <Toaster toast={toast} />
              <LoadingScreen />
              {children}
            </DatesProvider>
          </MantineProvider>
        </DirectionProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  // Undefined when the root loader itself failed: render with the defaults.
  const data = useRouteLoaderData<typeof loader>("root");
  const initial = useMemo(() => parseSettings(data?.settings), [data?.settings]);
  return (
    <SettingsProvider initial={initial}>
      <Document locale={data?.locale ?? "en"} toast={data?.toast ?? null}>
        {children}
      </Document>
    </SettingsProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
