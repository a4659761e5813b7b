/**
 * Issue 11: the XSS probes that found nothing become a regression test. Every hostile string of
 * the corpus (fixtures/xss-payloads.json) goes through the renderers that show server or host data:
 * template labels, placeholders and option captions, profile values, widget titles, message
 * texts and error arguments and codes. Nothing may become markup: no element, attribute, handler or
 * URL of the payload reaches the DOM, the text shows as typed, and the `window.__xss` trap stays unset.
 */
import './setup';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { foyerError, type Template } from '@foyer/api';
import corpus from './fixtures/xss-payloads.json';
import { ErrorMessageBox } from '../ui/ErrorMessageBox';
import { WidgetHeading } from '../ui/WidgetHeading';
import { AttributeField } from '../ui/form/AttributeField';
import { templateFields } from '../ui/form/fields';
import { MessageBox } from '../ui/form/MessageBox';

const payloads: string[] = corpus.payloads;
const trap = window as Window & { __xss?: unknown };

afterEach(() => cleanup());

function template(payload: string): Template {
  const attribute = (name: string, display?: string) => ({
    name,
    label: payload,
    type: 'STRING' as const,
    mandatory: true,
    placeholder: payload,
    options: display ? [{ value: payload, caption: payload }] : undefined,
    validations: display ? [{ name: display }] : undefined,
  });
  return {
    identifiers: [{ ...attribute('email'), inputType: 'email' }],
    validators: [],
    attributes: [
      attribute('firstName'),
      attribute('topics', 'multiChoice'),
      attribute('plan', 'radio'),
      attribute('country', 'select'),
    ],
  };
}

function Renderers({ payload }: { payload: string }) {
  return (
    <main>
      <WidgetHeading show>{payload}</WidgetHeading>
      <MessageBox text={payload} onClose={() => {}} />
      <ErrorMessageBox error={foyerError('general_attribute_mandatory', [payload])} showCode />
      <ErrorMessageBox error={foyerError(payload, [payload], 400, payload)} showCode />
      {templateFields(template(payload)).map((field) => (
        <AttributeField
          key={field.key}
          field={field}
          idPrefix="xss"
          value={payload}
          error={payload}
          onChange={() => {}}
          onBlur={() => {}}
        />
      ))}
    </main>
  );
}

/** What the renderers may create: nothing else, and no attribute a payload could have brought. */
const ALLOWED_TAGS = new Set([
  'MAIN',
  'H1',
  'DIV',
  'P',
  'BUTTON',
  'SPAN',
  'LABEL',
  'INPUT',
  'SELECT',
  'OPTION',
  'FIELDSET',
  'LEGEND',
  'STRONG',
  'CODE',
  'SMALL',
  'UL',
  'LI',
  'svg',
  'path',
]);

function problems(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(element.tagName)) found.push(`element <${element.tagName.toLowerCase()}>`);
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`handler ${name}`);
      if (/^(href|src|action|formaction|srcdoc|data|style)$/i.test(name) && /javascript:|data:text\/html/i.test(value))
        found.push(`${name}=${value}`);
    }
  }
  return found;
}

describe('the XSS corpus through the frame renderers', () => {
  it('holds at least 200 payloads, all different', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(200);
    expect(new Set(payloads).size).toBe(payloads.length);
  });

  it('renders every payload as text: no markup, handler or script URL, the trap unset', async () => {
    const failures: string[] = [];
    for (const payload of payloads) {
      const { container } = render(<Renderers payload={payload} />);
      const found = problems(container);
      // The heading and the message show the payload exactly as text.
      if (container.querySelector('h1')?.textContent !== payload) found.push('heading text changed');
      if (found.length) failures.push(`${JSON.stringify(payload)}: ${found.join(', ')}`);
      cleanup();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failures).toEqual([]);
    expect(trap.__xss).toBeUndefined();
  }, 120_000);
});
