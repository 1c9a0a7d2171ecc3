// Which component draws which route. A page is web/src/pages/<route>.tsx with a default export
// taking PageProps; it is found by name at build time, so a page added by another piece of work
// needs no edit here. A route whose file is not there yet shows the shell's "on its way" note.
import type { ComponentType } from 'preact';
import type { Route, RouteName } from './router.js';

export interface PageProps {
  route: Route;
}

export type PageComponent = ComponentType<PageProps>;

// Eager: the pages are small, and one bundle keeps the first render to one request.
const FOUND = import.meta.glob<PageComponent>(
  ['../pages/overview.tsx', '../pages/gpu.tsx', '../pages/processes.tsx', '../pages/events.tsx', '../pages/doctor.tsx', '../pages/advisor.tsx', '../pages/fleet.tsx'],
  { eager: true, import: 'default' },
);

export function pageFor(name: RouteName): PageComponent | null {
  return FOUND[`../pages/${name}.tsx`] ?? null;
}
