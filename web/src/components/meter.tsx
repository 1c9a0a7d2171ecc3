// A thin bar for a share (utilisation, memory of total, power of limit). The fill is scaled through
// the DOM's style object, which the server's CSP allows (it forbids style="" in markup).
import type { Level } from './gpu-card-model.js';

export function Meter({ percent, level }: { percent: number | null; level?: Level | null }) {
  const share = percent === null ? 0 : Math.min(100, Math.max(0, percent)) / 100;
  return (
    <div class={`meter${level ? ` meter-${level}` : ''}${percent === null ? ' meter-none' : ''}`} aria-hidden="true">
      <div class="meter-fill" style={{ transform: `scaleX(${share})` }} />
    </div>
  );
}
