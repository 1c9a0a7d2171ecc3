import { describe, expect, it } from 'vitest';
import { effectiveTheme, safeStorage, storedTheme, toggledTheme } from './theme.js';

describe('theme', () => {
  it('follows the system until a theme is picked, then keeps the pick', () => {
    expect(effectiveTheme(null, true)).toBe('dark');
    expect(effectiveTheme(null, false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });

  it('reads only the values it writes from storage', () => {
    expect(storedTheme('dark')).toBe('dark');
    expect(storedTheme('light')).toBe('light');
    for (const junk of [null, '', 'Dark', 'system', '"dark"']) expect(storedTheme(junk)).toBeNull();
  });

  it('toggles to the theme not showing', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
  });

  it('survives a browser without storage', () => {
    // Node has no localStorage global: reading and writing must neither throw nor invent a value.
    const storage = safeStorage();
    expect(storage.get('gpuwise.theme')).toBeNull();
    expect(() => storage.set('gpuwise.theme', 'dark')).not.toThrow();
  });
});
