import { NavigationProgress, nprogress } from "@mantine/nprogress";
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A thin bar at the top of the window while a navigation (or a form's submission and the reload
 * after it) is under way: Remix's navigation state drives Mantine's progress bar.
 */
export function RouteProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === "idle") nprogress.complete();
    else nprogress.start();
  }, [state]);
  return <NavigationProgress aria-label="Loading the page" data-testid="route-progress" />;
}
