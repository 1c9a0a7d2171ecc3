// A request that belongs to a view: started when its inputs change, aborted when they change
// again or the view goes, optionally repeated (a live range refreshes), the previous answer kept
// on screen while the next one loads so charts do not blink.
import { useEffect, useState } from 'preact/hooks';
import { isApiError, type ApiError } from '../../api/index.js';

export interface Fetched<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
}

/**
 * `load` null: not ready yet (nothing is asked). Its turning into a function starts the request
 * even when `deps` stay the same — a view whose inputs were known before it was ready (the GPU
 * page's opening range, the same before and after the devices answer) would otherwise never load.
 */
export function useFetch<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: readonly unknown[], refreshMs: number | null = null): Fetched<T> {
  const [state, setState] = useState<Fetched<T>>({ data: null, error: null, loading: load !== null });
  useEffect(() => {
    if (load === null) return;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const run = () => {
      controller = new AbortController();
      setState((previous) => ({ ...previous, loading: true }));
      load(controller.signal).then(
        (data) => !stopped && setState({ data, error: null, loading: false }),
        (error: unknown) => {
          if (stopped || (isApiError(error) && error.key === 'client.aborted')) return;
          setState((previous) => ({ data: previous.data, error: isApiError(error) ? error : null, loading: false }));
        },
      ).finally(() => {
        if (!stopped && refreshMs !== null) timer = setTimeout(run, refreshMs);
      });
    };
    run();
    return () => {
      stopped = true;
      controller?.abort();
      if (timer !== null) clearTimeout(timer);
    };
  }, [load !== null, ...deps]);
  return state;
}
