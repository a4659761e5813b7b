// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FORM_FIELD_VALUE, MAX_FORM_FIELDS, resolveFormPost } from '@foyer/protocol/light';
import { env, frames, hostMethods, mount, removeFrame } from './frames';

// form.js is a separate bundle fetched by a script tag: here the module stands in for it; penpal.js
// never arrives (no frame connects in jsdom).
vi.mock('./parts', () => ({
  loadPart: (_: string, file: string) =>
    file === 'form.js' ? import('./form').then((m) => m.postForm) : new Promise(() => {}),
}));

const WIDGETS = 'http://127.0.0.1:8081';
const FIELDS = { siteId: 'demo', orderId: 'o-1', quantity: '1', payload: 'abc.def' };
let submitted: HTMLFormElement[] = [];

beforeEach(() => {
  env.origin = WIDGETS;
  env.src = `${WIDGETS}/loader.js`;
  submitted = [];
  // jsdom does not navigate: record the submitted forms instead.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});

afterEach(() => {
  for (const frame of [...frames]) removeFrame(frame);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function methodsOf(widget: string) {
  const host = document.createElement('div');
  document.body.append(host);
  const frame = mount(host, widget, {})!;
  return hostMethods(frame, {});
}

describe('postForm', () => {
  it('posts a hidden form with the fields to an https URL, for the version 1 checkout widgets', async () => {
    for (const widget of ['v1/checkout-button', 'v1/product-summary']) {
      await expect(methodsOf(widget).postForm('https://pay.example.com/hosted?x=1', FIELDS)).resolves.toBe(true);
    }
    expect(submitted).toHaveLength(2);
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example.com/hosted?x=1');
    expect(form.hidden).toBe(true);
    expect(form.isConnected).toBe(true);
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    expect(Object.fromEntries(inputs.map((input) => [input.name, input.value]))).toEqual(FIELDS);
  });

  it("accepts the widgets server's own origin (the stand-in payment page), http included", async () => {
    await expect(methodsOf('v1/checkout-button').postForm(`${WIDGETS}/dev/hosted-payment`, FIELDS)).resolves.toBe(true);
    expect(submitted[0]!.action).toBe(`${WIDGETS}/dev/hosted-payment`);
  });

  it('is refused to every other widget', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const widget of ['checkout-button', 'product-summary', 'payment', 'v1/product-item', 'login'])
      await expect(methodsOf(widget).postForm('https://pay.example.com/', FIELDS)).resolves.toBe(false);
    expect(submitted).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('refuses unsafe URLs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const methods = methodsOf('v1/checkout-button');
    const bad = [
      'http://pay.example.com/',
      'javascript:alert(1)',
      'data:text/html,x',
      '/dev/hosted-payment',
      '//pay.example.com/',
      'https://user:secret@pay.example.com/',
      `${WIDGETS.replace('8081', '8082')}/dev/hosted-payment`,
      `https://pay.example.com/${'a'.repeat(2048)}`,
      7,
      null,
    ];
    for (const url of bad) await expect(methods.postForm(url as never, FIELDS), String(url)).resolves.toBe(false);
    expect(submitted).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(bad.length);
  });

  it('refuses fields beyond the limits or of the wrong kind', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const methods = methodsOf('v1/checkout-button');
    const many = Object.fromEntries(Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`f${i}`, 'x']));
    const bad: unknown[] = [
      many,
      { payload: 'x'.repeat(MAX_FORM_FIELD_VALUE + 1) },
      { payload: 7 },
      { 'bad name': 'x' },
      { ['n'.repeat(65)]: 'x' },
      ['x'],
      'payload=x',
      null,
      Object.create({ inherited: 'x' }) as unknown,
    ];
    for (const fields of bad)
      await expect(methods.postForm('https://pay.example.com/', fields as never)).resolves.toBe(false);
    expect(submitted).toHaveLength(0);
    const atLimit = Object.fromEntries(Array.from({ length: MAX_FORM_FIELDS }, (_, i) => [`f${i}`, 'x']));
    await expect(methods.postForm('https://pay.example.com/', atLimit)).resolves.toBe(true);
    expect(submitted[0]!.querySelectorAll('input')).toHaveLength(MAX_FORM_FIELDS);
  });

  it('a field named "submit" cannot stop the form (resolveFormPost keeps names and values as given)', async () => {
    await expect(
      methodsOf('v1/checkout-button').postForm('https://pay.example.com/', { submit: 'x', action: 'y' }),
    ).resolves.toBe(true);
    expect(submitted[0]!.getAttribute('action')).toBe('https://pay.example.com/');
    expect(resolveFormPost('https://pay.example.com/', { a: 'b' }, WIDGETS)).toEqual({
      action: 'https://pay.example.com/',
      fields: [['a', 'b']],
    });
  });
});
