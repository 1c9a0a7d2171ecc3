// A thin bar for a share (utilisation, memory of total, power of limit). The width is set through
// the DOM's style object, which the server's CSP allows (it forbids style="" in markup).
import type { Level } from './gpu-card-model.js';

export function Meter({ percent, level }: { percent: number | null; level?: Level | null }) {
  const width = percent === null ? 0 : Math.min(100, Math.max(0, percent));
  return (
    <div class={`meter${level ? ` meter-${level}` : ''}${percent === null ? ' meter-none' : ''}`} aria-hidden="true">
      <div class="meter-fill" style={{ width: `${width}%` }} />
    </div>
  );
}
