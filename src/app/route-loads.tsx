import { useAtomValue } from 'jotai';
import { type ComponentType, type LazyExoticComponent, lazy, use, useMemo } from 'react';
import { matchRoutes, Outlet, type Params, type RouteObject, useLocation, useParams, useRoutes } from 'react-router-dom';
import { loadNamespaces } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/namespaces.ts';
import { useNavigationId } from '../lib/navigation-state.ts';
import type { Place } from './guards.ts';
import { appHistory, guardVersionAtom, latestNavigation } from './navigation.tsx';

/*
 * Route guards and lazy pages for the declarative router (src/app/navigation.tsx). A guard decides,
 * before its page shows, whether to send the user elsewhere; it runs on every navigation. The page
 * code and every guard of the matched routes start together, as a data router's loaders would, and
 * the route elements suspend on them, so the previous page stays until all are ready.
 */

/** Where to send the user instead of this page (a path), or null to show it. Throwing shows the error page. */
export type Guard = (place: Place, params: Params) => Promise<string | null> | string | null;

/** A page whose code is a chunk of its own, loaded on first use (or ahead, with `preload`). */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

/**
 * `namespaces`: the catalogues the page shows, fetched with its code instead of after it renders
 * (its components would wait for them anyway: src/i18n/use-t.ts).
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, namespaces: readonly Namespace[] = []): LazyPage {
  const preload = () => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module);
  return {
    Component: lazy(() => preload().then((module) => ({ default: module[name] as ComponentType }))),
    preload,
  };
}

export interface AppRoute {
  /** Names the guard's runs; required with a guard. */
  id?: string;
  path?: string;
  index?: boolean;
  guard?: Guard;
  /** A layout or page; without one, the route renders its children. */
  page?: LazyPage | ComponentType;
  children?: AppRoute[];
}

/** A status for the error page (docs/behaviour.md §8), e.g. a 404 for a path no route knows. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

const isLazy = (page: AppRoute['page']): page is LazyPage => typeof page === 'object' && page !== null && 'preload' in page;

// One run per guard, navigation and guard version: every element that renders it shares the promise.
const guardRuns = new Map<string, Promise<string | null>>();
const KEPT_RUNS = 50;

function guardRun(route: AppRoute, place: Place, params: Params, navigation: number, version: number): Promise<string | null> {
  const runKey = `${route.id}|${navigation}|${version}`;
  let run = guardRuns.get(runKey);
  if (!run) {
    const guard = route.guard as Guard;
    run = Promise.resolve()
      .then(() => guard({ pathname: place.pathname, search: place.search }, params))
      .then((target) => {
        // Redirect before React renders again, unless the user has already gone elsewhere.
        if (target !== null && latestNavigation() === navigation) appHistory().replace(target);
        return target;
      });
    guardRuns.set(runKey, run);
    if (guardRuns.size > KEPT_RUNS) guardRuns.delete(guardRuns.keys().next().value as string);
  }
  return run;
}

function RouteElement({ route }: { route: AppRoute }) {
  const location = useLocation();
  const params = useParams();
  const navigation = useNavigationId();
  const version = useAtomValue(guardVersionAtom);
  if (route.guard && use(guardRun(route, location, params, navigation, version)) !== null) return null;
  const page = route.page;
  if (!page) return <Outlet />;
  const Page = isLazy(page) ? page.Component : page;
  return <Page />;
}

function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map((route) => {
    // Each route renders one element in its own place: the key only satisfies the linter's list rule.
    const element = <RouteElement key={route.path ?? 'index'} route={route} />;
    if (route.index) return { index: true, element, handle: route };
    return { path: route.path, element, handle: route, children: route.children && toRouteObjects(route.children) };
  });
}

/** Renders `routes` for the current location, starting every matched guard and page chunk at once. */
export function useAppRoutes(routes: AppRoute[]) {
  const objects = useMemo(() => toRouteObjects(routes), [routes]);
  const location = useLocation();
  const navigation = useNavigationId();
  const version = useAtomValue(guardVersionAtom);
  for (const match of matchRoutes(objects, location) ?? []) {
    const route = match.route.handle as AppRoute;
    if (isLazy(route.page)) void route.page.preload().catch(() => {});
    if (route.guard) void guardRun(route, location, match.params, navigation, version).catch(() => {});
  }
  return useRoutes(objects, location);
}
