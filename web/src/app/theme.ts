// Light or dark. Until someone picks one, the page follows the system (prefers-color-scheme, in
// CSS alone, so the first paint is already right without an inline script, which the CSP forbids).
// A pick is saved in this browser and set as <html data-theme>, which the CSS prefers.

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'gpuwise.theme';

export function storedTheme(value: string | null): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The theme showing now: the saved pick, else the system's. */
export function effectiveTheme(saved: Theme | null, systemPrefersDark: boolean): Theme {
  return saved ?? (systemPrefersDark ? 'dark' : 'light');
}

/** What the toggle saves: the other theme than the one showing. */
export function toggledTheme(showing: Theme): Theme {
  return showing === 'dark' ? 'light' : 'dark';
}

/** Local storage that may be missing or refuse (private windows, disabled storage): never throws. */
export function safeStorage(): { get(key: string): string | null; set(key: string, value: string): void } {
  return {
    get(key) {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Not saved: the choice still holds for this page.
      }
    },
  };
}
