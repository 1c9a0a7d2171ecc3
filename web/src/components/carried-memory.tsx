// A process's GPU memory. For a process from a slow list carried between reads (`listedAgeMs`,
// docs/snapshot.md) it is underlined with dots, and its title says how old that list is: the GPU
// cards and the processes page draw it the same way.
import '../styles/carried.css';
import { useI18n } from '../app/context.js';

export function CarriedMemory({ bytes, listedAgeMs, class: className }: { bytes: number | null; listedAgeMs: number | null | undefined; class?: string }) {
  const { t, fmt } = useI18n();
  const classes = className === undefined ? 'num' : `${className} num`;
  if (listedAgeMs === undefined || listedAgeMs === null) return <span class={classes}>{fmt.bytes(bytes)}</span>;
  return (
    <span class={`${classes} process-carried`} data-listed-age-ms={listedAgeMs}
      title={t('web.card.processCarried', { seconds: Math.max(1, Math.round(listedAgeMs / 1000)) })}>
      {fmt.bytes(bytes)}
    </span>
  );
}
