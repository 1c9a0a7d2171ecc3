// The width of an element in CSS pixels, following resizes (a phone turned, a window dragged).
import { useEffect, useState } from 'preact/hooks';

export function useWidth<E extends HTMLElement>(ref: { current: E | null }): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref.current]);
  return width;
}
