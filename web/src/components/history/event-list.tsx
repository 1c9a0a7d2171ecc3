// Events as a list, newest first: when, how bad, which GPU, what happened (in the page's
// language), and a link to that GPU's charts around that moment.
import { useI18n } from '../../app/context.js';
import { routeHref } from '../../app/router.js';
import type { ApiEvent } from '../../api/types.js';
import { rangeAround, rangeToQuery } from '../../range/url.js';
import { eventText } from './event-text.js';

export interface EventListProps {
  events: readonly ApiEvent[];
  nowMs: number;
  /** Leave out the GPU column (the GPU page's own list). */
  showGpu?: boolean;
  testid?: string;
}

export function EventList({ events, nowMs, showGpu = true, testid = 'event-list' }: EventListProps) {
  const { t, fmt, locale } = useI18n();
  return (
    <ol class="event-list" data-testid={testid}>
      {events.map((event, i) => (
        <li key={`${event.atMs}/${event.kind}/${event.deviceKey ?? ''}/${i}`} class={`event-row severity-${event.severity}`} data-testid="event-row" data-kind={event.kind} data-severity={event.severity}>
          <time class="event-time" dateTime={new Date(event.atMs).toISOString()}>{fmt.dateTime(event.atMs)}</time>
          <span class={`event-severity badge-${event.severity}`}>{t(`web.events.severity.${event.severity}`)}</span>
          {showGpu ? <span class="event-gpu">{event.gpuIndex === null ? t('web.events.hostWide') : `GPU ${event.gpuIndex}`}</span> : null}
          <span class="event-text">{eventText(event, locale)}</span>
          {event.deviceKey !== null ? (
            <a class="event-link" data-testid="event-link" href={routeHref('gpu', event.deviceKey, rangeToQuery(rangeAround(event.atMs, nowMs)))}>
              {t('web.events.showOnChart')}
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
