// An "ⓘ" that explains a value, on hover and on keyboard focus (a real button, so it is in the tab
// order). The text sits in the card (position: relative), so it never widens a phone's page.
import { useId } from 'preact/hooks';
import { InfoIcon } from './icons.js';

export function InfoTip({ text, label, testid }: { text: string; label: string; testid?: string }) {
  const id = useId();
  return (
    <span class="tip">
      <button type="button" class="tip-button" aria-label={label} aria-describedby={id} data-testid={testid}>
        <InfoIcon />
      </button>
      <span role="tooltip" id={id} class="tip-text">
        {text}
      </span>
    </span>
  );
}
