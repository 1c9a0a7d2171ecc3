import { describe, expect, it } from 'vitest';
import { translate } from '../../app/i18n.js';
import { eventText } from './event-text.js';

describe('eventText', () => {
  it('renders the stored key and params in either language, clock reasons translated', () => {
    const event = { key: 'events.throttle.start', params: { gpu: 0, reasons: 'sw-thermal-slowdown,hw-slowdown' } };
    const en = eventText(event, 'en');
    const zh = eventText(event, 'zh-CN');
    expect(en).toMatch(/^GPU 0 began throttling: /);
    expect(en).not.toContain('sw-thermal-slowdown');
    expect(zh).not.toBe(en);
    expect(zh).toContain('0');
    expect(zh).not.toContain('sw-thermal-slowdown');
  });

  it('joins clock reasons with the language\'s list separator', () => {
    const event = { key: 'events.throttle.start', params: { gpu: 0, reasons: 'sw-power-cap,sw-thermal-slowdown' } };
    expect(eventText(event, 'en')).toMatch(/^GPU 0 began throttling: [^,、]+, [^,、]+$/);
    expect(eventText(event, 'zh-CN')).toBe(`GPU 0 开始降频：功率上限、${translate('zh-CN', 'info.clock.sw-thermal-slowdown')}`);
  });

  it('hostile process names come out as visible text, not controls', () => {
    const text = eventText({ key: 'events.process.start', params: { pid: 7, gpu: 1, name: 'evil\u202e\u001b[31m<script>' } }, 'en');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('<script>');
  });

  it('an unknown reason id stays readable; a missing param stays a visible placeholder', () => {
    expect(eventText({ key: 'events.throttle.start', params: { gpu: 2, reasons: 'brand-new-reason' } }, 'en')).toBe('GPU 2 began throttling: brand-new-reason');
    expect(eventText({ key: 'events.gpu.back', params: {} }, 'en')).toBe('GPU {gpu} answers again.');
  });

  it('a key from a newer server: its own message, else says so in the page language', () => {
    expect(eventText({ key: 'events.future.thing', params: {}, message: 'Something new' }, 'en')).toBe('Something new');
    expect(eventText({ key: 'events.future.thing', params: {}, message: null }, 'en')).toContain('events.future.thing');
    expect(eventText({ key: 'events.future.thing', params: {}, message: null }, 'zh-CN')).toContain('此版本不认识');
  });
});
