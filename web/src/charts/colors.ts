// Colours for the canvas, from the theme's custom properties. A property declared with
// light-dark() reads back unresolved from getComputedStyle, so each is resolved by setting it as
// the `color` of a probe element (CSSOM from script, which the CSP allows) and reading that back.

export interface ChartColors {
  series: string[];
  reference: string;
  axis: string;
  grid: string;
  warning: string;
  critical: string;
  info: string;
}

function resolve(probe: HTMLElement, name: string, fallback: string): string {
  probe.style.color = `var(${name}, ${fallback})`;
  return getComputedStyle(probe).color || fallback;
}

export function chartColors(probe: HTMLElement): ChartColors {
  return {
    series: ['--series-1', '--series-2', '--series-3', '--series-4'].map((name, i) => resolve(probe, name, ['#0f7b68', '#2563eb', '#b4531f', '#8b3fd1'][i]!)),
    reference: resolve(probe, '--series-ref', '#c0262d'),
    axis: resolve(probe, '--muted', '#5d6572'),
    grid: resolve(probe, '--border', '#e3e6eb'),
    warning: resolve(probe, '--warn', '#9a5b00'),
    critical: resolve(probe, '--fail', '#c0262d'),
    info: resolve(probe, '--faint', '#8a929e'),
  };
}

/** "rgb(1, 2, 3)" → "rgba(1, 2, 3, a)" for a band's fill; other forms are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const match = /^rgba?\((\d+)[ ,]+(\d+)[ ,]+(\d+)/.exec(color);
  return match ? `rgba(${match[1]}, ${match[2]}, ${match[3]}, ${alpha})` : color;
}
