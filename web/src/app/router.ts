// Hash routes (#/, #/gpu/<key>, #/processes, #/events, #/doctor, #/advisor, #/fleet): the server hands out
// one index.html for every path, and a hash never reaches it, so reloads and bookmarks just work.
// A query after the path (#/events?kind=xid) is the page's own state.
import { useEffect, useState } from 'preact/hooks';

export type RouteName = 'overview' | 'gpu' | 'processes' | 'events' | 'doctor' | 'advisor' | 'fleet' | 'not-found';

export interface Route {
  name: RouteName;
  /** #/gpu/<key>: the device key (decoded); null for #/gpu alone (the GPU page picks one). */
  key: string | null;
  query: URLSearchParams;
  /** The hash's path as given ("/gpu/GPU-1"), for the not-found page. */
  path: string;
}

const SIMPLE: Readonly<Record<string, RouteName>> = {
  '': 'overview',
  processes: 'processes',
  events: 'events',
  doctor: 'doctor',
  advisor: 'advisor',
  fleet: 'fleet',
};

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseRoute(hash: string): Route {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const cut = raw.indexOf('?');
  const path = cut === -1 ? raw : raw.slice(0, cut);
  const query = new URLSearchParams(cut === -1 ? '' : raw.slice(cut + 1));
  const segments = path.split('/').filter((segment) => segment !== '');
  const route = (name: RouteName, key: string | null = null): Route => ({ name, key, query, path: path === '' ? '/' : path });
  const [first, second, ...rest] = segments;
  if (first === undefined) return route('overview');
  if (first === 'gpu' && rest.length === 0) {
    if (second === undefined) return route('gpu');
    const key = decode(second);
    return key === null || key === '' ? route('not-found') : route('gpu', key);
  }
  const name = second === undefined && Object.hasOwn(SIMPLE, first) ? SIMPLE[first] : undefined;
  return route(name ?? 'not-found');
}

/** The href of a route ("#/gpu/GPU-1%2Fx"); keys are encoded so any text stays one segment. */
export function routeHref(name: Exclude<RouteName, 'not-found'>, key: string | null = null, query?: URLSearchParams): string {
  const path = name === 'overview' ? '/' : name === 'gpu' && key !== null ? `/gpu/${encodeURIComponent(key)}` : `/${name}`;
  const search = query?.toString() ?? '';
  return `#${path}${search ? `?${search}` : ''}`;
}

/** The current route, following hashchange. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
