import { createContext, useContext } from 'react';

/**
 * What the app's router (src/app/navigation.tsx) tells the pages about navigation: whether one is
 * on its way and which one is on screen. Here, not in the router, so features read it without
 * importing the app shell.
 */
export const PendingContext = createContext(false);
export const NavigationIdContext = createContext(0);

/** The id of the navigation being rendered. */
export function useNavigationId(): number {
  return useContext(NavigationIdContext);
}

/** True while a navigation waits for its guards or page code (the page-load bar, focus after navigation, a search that updates the address). */
export function useNavigationPending(): boolean {
  return useContext(PendingContext);
}
