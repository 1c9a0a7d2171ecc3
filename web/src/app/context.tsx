// What every page reads: the language (t, fmt) and the theme, with the switches that change them.
// Both choices are saved in this browser; the language also goes to <html lang>, which the API
// client sends as `lang=` so the server's own messages match the page.
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { createFormat, type Format } from '../format/format.js';
import { createTranslate, initialLocale, LOCALE_STORAGE_KEY, type WebLocale, type WebTranslate } from './i18n.js';
import { effectiveTheme, safeStorage, storedTheme, THEME_STORAGE_KEY, toggledTheme, type Theme } from './theme.js';

export interface I18n {
  locale: WebLocale;
  t: WebTranslate;
  fmt: Format;
  setLocale(locale: WebLocale): void;
}

export interface ThemeState {
  theme: Theme;
  toggleTheme(): void;
}

const storage = safeStorage();
const I18nContext = createContext<I18n>({ locale: 'en', t: createTranslate('en'), fmt: createFormat('en'), setLocale: () => undefined });
const ThemeContext = createContext<ThemeState>({ theme: 'light', toggleTheme: () => undefined });

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

const darkQuery = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

export function AppProvider({ children }: { children: ComponentChildren }) {
  const [locale, setLocaleState] = useState<WebLocale>(() => initialLocale(storage.get(LOCALE_STORAGE_KEY), navigator.languages ?? [navigator.language]));
  const [saved, setSaved] = useState<Theme | null>(() => storedTheme(storage.get(THEME_STORAGE_KEY)));
  const [systemDark, setSystemDark] = useState(() => darkQuery()?.matches === true);

  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const update = () => setSystemDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const theme = effectiveTheme(saved, systemDark);
  useEffect(() => {
    if (saved === null) delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = saved;
  }, [saved]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const i18n = useMemo<I18n>(
    () => ({
      locale,
      t: createTranslate(locale),
      fmt: createFormat(locale),
      setLocale(next) {
        storage.set(LOCALE_STORAGE_KEY, next);
        setLocaleState(next);
      },
    }),
    [locale],
  );
  const themeState = useMemo<ThemeState>(
    () => ({
      theme,
      toggleTheme() {
        const next = toggledTheme(theme);
        storage.set(THEME_STORAGE_KEY, next);
        setSaved(next);
      },
    }),
    [theme],
  );

  return (
    <I18nContext.Provider value={i18n}>
      <ThemeContext.Provider value={themeState}>{children}</ThemeContext.Provider>
    </I18nContext.Provider>
  );
}
