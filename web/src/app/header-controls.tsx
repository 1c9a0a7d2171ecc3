// The header's right side: is the stream live, the language, the theme, and logout where the
// server asks for a token.
import { useEffect, useState } from 'preact/hooks';
import { LogoutIcon, MoonIcon, SunIcon } from '../components/icons.js';
import { useI18n, useTheme } from './context.js';
import { WEB_LOCALES, type WebLocale } from './i18n.js';
import { useLive, useNow } from './live.js';

/** A sample older than this reads as stale (the default interval is 1 s). */
const STALE_AFTER_MS = 5000;

export function HeaderControls() {
  const { t, locale, setLocale } = useI18n();
  const { theme, toggleTheme } = useTheme();
  const loginNeeded = useLoginNeeded();
  const next = theme === 'dark' ? 'light' : 'dark';
  const themeLabel = t(next === 'dark' ? 'web.app.theme.toDark' : 'web.app.theme.toLight');
  return (
    <div class="controls">
      <LiveBadge />
      <label class="select-wrap">
        <span class="visually-hidden">{t('web.app.language')}</span>
        <select
          class="control select"
          data-testid="lang-switch"
          value={locale}
          onChange={(event) => setLocale(event.currentTarget.value as WebLocale)}
        >
          {WEB_LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(code === 'en' ? 'web.app.lang.en' : 'web.app.lang.zh-CN')}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="control icon-button" data-testid="theme-toggle" onClick={toggleTheme} title={themeLabel} aria-label={themeLabel}>
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
      {loginNeeded && (
        <form method="post" action="/logout" class="logout-form">
          <button type="submit" class="control icon-button" data-testid="logout" title={t('web.app.logout')} aria-label={t('web.app.logout')}>
            <LogoutIcon />
          </button>
        </form>
      )}
    </div>
  );
}

function LiveBadge() {
  const { t, fmt } = useI18n();
  const { status, receivedAtMs } = useLive();
  const now = useNow(1000);
  let state: 'connecting' | 'live' | 'stale' | 'offline';
  if (status.state === 'open' && receivedAtMs !== null) state = now - receivedAtMs > STALE_AFTER_MS ? 'stale' : 'live';
  else if (status.state === 'reconnecting' || (status.state === 'closed' && status.error)) state = 'offline';
  else state = 'connecting';
  const text =
    state === 'live'
      ? t('web.app.live.live')
      : state === 'stale'
        ? t('web.app.live.stale', { age: fmt.duration((now - (receivedAtMs ?? now)) / 1000) })
        : state === 'offline'
          ? t('web.app.live.offline')
          : t('web.app.live.connecting');
  return (
    <span class={`live-badge live-${state}`} data-testid="live-status" data-state={state} title={t('web.app.live.help')} role="status">
      <span class="live-dot" aria-hidden="true" />
      <span class="live-text">{text}</span>
    </span>
  );
}

/**
 * Whether this server asks for a token, so that logout means something. /login without a token
 * set redirects to /; with one it answers the form. One small same-origin request at start.
 */
function useLoginNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/login', { redirect: 'manual', credentials: 'same-origin', signal: controller.signal, headers: { accept: 'text/html' } })
      .then((response) => setNeeded(response.type !== 'opaqueredirect' && response.ok))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return needed;
}
