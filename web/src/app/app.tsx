// The shell: header (brand, sections, live state, language, theme, logout), then the page the
// hash names. The header is the same on every page, so a person always knows where they are.
import { useEffect, useRef } from 'preact/hooks';
import { LogoMark } from '../components/icons.js';
import { useI18n } from './context.js';
import { HeaderControls } from './header-controls.js';
import type { WebMessageKey } from './i18n.js';
import { pageFor } from './pages.js';
import { routeHref, useRoute, type Route, type RouteName } from './router.js';

type NavName = Exclude<RouteName, 'not-found'>;
const NAV: readonly { name: NavName; id: string; label: WebMessageKey }[] = [
  { name: 'overview', id: 'overview', label: 'web.nav.overview' },
  { name: 'gpu', id: 'gpus', label: 'web.nav.gpus' },
  { name: 'processes', id: 'processes', label: 'web.nav.processes' },
  { name: 'events', id: 'events', label: 'web.nav.events' },
  { name: 'doctor', id: 'doctor', label: 'web.nav.doctor' },
  { name: 'advisor', id: 'advisor', label: 'web.nav.advisor' },
  { name: 'fleet', id: 'fleet', label: 'webFleet.nav' },
];

const TITLES: Readonly<Record<NavName, WebMessageKey>> = Object.fromEntries(NAV.map((item) => [item.name, item.label])) as Record<NavName, WebMessageKey>;

export function App() {
  const route = useRoute();
  const { t } = useI18n();
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    const title = route.name === 'not-found' ? null : t(TITLES[route.name]);
    document.title = title ? `${title} · ${t('web.app.title')}` : t('web.app.title');
  }, [route.name, t]);

  return (
    <div class="shell">
      <a
        class="skip-link"
        href="#/"
        onClick={(event) => {
          // A hash link would change the route; move the focus instead.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('web.app.skip')}
      </a>
      <header class="topbar">
        <div class="topbar-inner">
          <a class="brand" href={routeHref('overview')} aria-label={t('web.app.title')}>
            <LogoMark />
            <span class="brand-name">{t('web.app.title')}</span>
            <span class="brand-tagline">{t('web.app.tagline')}</span>
          </a>
          <nav class="nav" aria-label={t('web.app.navLabel')}>
            {NAV.map((item) => (
              <a
                key={item.id}
                class="nav-link"
                href={routeHref(item.name)}
                data-testid={`nav-${item.id}`}
                aria-current={route.name === item.name ? 'page' : undefined}
              >
                {t(item.label)}
              </a>
            ))}
          </nav>
          <HeaderControls />
        </div>
      </header>
      <main id="main" class="main" ref={main} tabIndex={-1}>
        <RoutedPage route={route} />
      </main>
    </div>
  );
}

function RoutedPage({ route }: { route: Route }) {
  const { t } = useI18n();
  if (route.name === 'not-found') {
    return (
      <section class="page notice-page" data-testid="not-found">
        <h1 class="page-title">{t('web.app.notFound', { path: route.path })}</h1>
        <p>
          <a href={routeHref('overview')}>{t('web.app.backHome')}</a>
        </p>
      </section>
    );
  }
  const Page = pageFor(route.name);
  if (!Page) {
    return (
      <section class="page notice-page" data-testid="page-pending">
        <h1 class="page-title">{t(TITLES[route.name])}</h1>
        <p class="muted">{t('web.app.pending')}</p>
      </section>
    );
  }
  return <Page route={route} />;
}
