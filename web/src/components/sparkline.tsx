// A 5-minute line of GPU-Util, drawn as SVG paths (no canvas, no chart library: eight of these
// redraw every second). Labelled for screen readers with its range.
import { useI18n } from '../app/context.js';
import { sparkPaths, sparkRange, SPARK_WINDOW_MS, type SparkPoint } from './spark-buffer.js';

const WIDTH = 240;
const HEIGHT = 56;

export function Sparkline({ points, endMs, testid }: { points: readonly SparkPoint[]; endMs: number; testid?: string }) {
  const { t, fmt } = useI18n();
  const paths = sparkPaths(points, { fromMs: endMs - SPARK_WINDOW_MS, toMs: endMs, width: WIDTH, height: HEIGHT, max: 100 });
  const range = sparkRange(points);
  const label = `${t('web.card.sparkline')}: ${range ? t('web.card.sparklineRange', { min: fmt.percent(range.min), max: fmt.percent(range.max) }) : t('web.card.sparklineEmpty')}`;
  return (
    <figure class="sparkline" data-testid={testid} data-points={points.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
        <line class="spark-grid" x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
        <path class="spark-area" d={paths.area} />
        <path class="spark-line" d={paths.line} vector-effect="non-scaling-stroke" />
      </svg>
      {paths.line === '' && <figcaption class="spark-empty">{t('web.card.sparklineEmpty')}</figcaption>}
    </figure>
  );
}
