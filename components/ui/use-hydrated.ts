import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * false in the server's HTML, true once React runs the page. A button that only works through
 * React stays disabled until then: clicked before, it would do nothing (a dialog that never opens)
 * or send its form the browser's way, a GET of the page with every field in the address.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
