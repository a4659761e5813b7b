import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defineLazyMessages,
  lazyTextsReady,
  loadLocale,
  registerTranslations,
  resolveLocale,
  setLocale,
  t,
  templateLabel,
} from './index';

afterEach(() => setLocale('en'));

describe('locale choice and lazy tables', () => {
  it('resolves a BCP 47 tag to a shipped locale', () => {
    expect(resolveLocale('es-MX')).toBe('es');
    expect(resolveLocale('ES')).toBe('es');
    expect(resolveLocale('pt')).toBe('pt-BR');
    expect(resolveLocale('pt-PT')).toBe('pt-BR');
    expect(resolveLocale('fr-CA')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });

  it('loads the Spanish core table on demand, errors included', async () => {
    expect(t('login.submit')).toBe('Log in');
    await expect(loadLocale('es-AR')).resolves.toBe('es');
    expect(t('login.submit')).toBe('Iniciar sesión');
    expect(t('TOO_MANY_ATTEMPTS', [5])).toBe('Demasiados intentos. Espera 5 minutos antes de volver a intentarlo.');
  });

  it('loads the Brazilian Portuguese table for pt', async () => {
    await loadLocale('pt');
    expect(t('NOT_LOGGED_IN')).toBe('Você não está conectado!');
  });

  it('widget tables registered after the locale was chosen still count', async () => {
    await loadLocale('es');
    registerTranslations('es', { 'late.key': 'tarde' });
    expect(t('late.key')).toBe('tarde');
  });

  it("downloads a widget's lazy tables only in the language being shown", async () => {
    const es = vi.fn(async () => ({ default: { 'lazy.first': 'primero' } }));
    const ptBR = vi.fn(async () => ({ default: { 'lazy.first': 'primeiro' } }));
    defineLazyMessages({ 'lazy.first': 'first' }, { es, 'pt-BR': ptBR });
    await lazyTextsReady();
    expect(t('lazy.first')).toBe('first');
    expect(es).not.toHaveBeenCalled();
    await loadLocale('es');
    await lazyTextsReady();
    expect(t('lazy.first')).toBe('primero');
    expect(ptBR).not.toHaveBeenCalled();
  });

  it("a widget's table that cannot be loaded leaves its texts in English, the page's language stays", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    defineLazyMessages(
      { 'lazy.second': 'second' },
      { es: () => Promise.reject(new Error('chunk gone')), 'pt-BR': async () => ({ default: {} }) },
    );
    await loadLocale('es');
    await lazyTextsReady();
    expect(t('lazy.second')).toBe('second');
    expect(t('login.submit')).toBe('Iniciar sesión');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("translates template labels by name; English and unknown names keep the template's label", async () => {
    expect(templateLabel('firstName', 'Given name')).toBe('Given name');
    await loadLocale('es');
    expect(templateLabel('firstName', 'First name')).toBe('Nombre');
    expect(templateLabel('deliveryAddress', 'Delivery address')).toBe('Dirección de entrega');
    expect(templateLabel('favouriteTeam', 'Favourite team')).toBe('Favourite team');
    expect(t('field.required', [templateLabel('firstName', 'First name')])).toBe('Nombre es obligatorio.');
    await loadLocale('pt-BR');
    expect(templateLabel('birthDate', 'Birth date')).toBe('Data de nascimento');
  });

  it('English needs no download and unknown languages fall back to it', async () => {
    await expect(loadLocale('de-DE')).resolves.toBe('en');
    expect(t('login.submit')).toBe('Log in');
  });

  it('stays in English when a table cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('./es', () => {
      throw new Error('chunk gone');
    });
    const fresh = await import('./index');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fresh.loadLocale('es')).resolves.toBe('en');
    expect(fresh.t('login.submit')).toBe('Log in');
    expect(error).toHaveBeenCalled();
    vi.doUnmock('./es');
    error.mockRestore();
  });
});
