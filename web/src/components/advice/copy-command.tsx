// A fix command as text to copy, never to run: the page has no way to execute anything, and the
// button only puts the text on the clipboard (or selects it where the clipboard is not allowed).
// The copied text is the text shown: a bidi override in a command would make it read as another.
import { useRef, useState } from 'preact/hooks';
import { safeText } from '../../../../src/core/safe-text.js';
import type { WebTranslate } from '../../app/i18n.js';

export function CopyCommand({ commands, t }: { commands: readonly string[]; t: WebTranslate }) {
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const text = commands.map(safeText).join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (plain http on another host): select the text so Ctrl+C takes it.
      const node = code.current;
      if (node) getSelection()?.selectAllChildren(node);
    }
  };
  return (
    <div class="advice-command">
      <pre data-testid="fix-command"><code ref={code}>{text}</code></pre>
      <button type="button" class="advice-copy" onClick={copy} aria-label={t('web.doctor.copyLabel')}>
        {copied ? t('web.doctor.copied') : t('web.doctor.copy')}
      </button>
    </div>
  );
}
