/**
 * How the profile widget shows an account's attribute (identity spec §3: Attribute type STRING,
 * NUMERIC, BOOLEAN, DATE, DATE_TIME), given the definition the service's profile template has for
 * it. The label is the template's (translated by name where the frame knows it); the value is
 * shown for people, in the visitor's language:
 *
 * - STRING: as stored; with options (a choice or multi-choice), the options' captions.
 * - NUMERIC: the number formatted for the language (1234.5 → 1,234.5 / 1.234,5).
 * - BOOLEAN: Yes or No (translated); anything but true/false as stored.
 * - DATE: the day, long form (12 March 1990 / 12 de marzo de 1990).
 * - DATE_TIME: the day and the time (12 March 1990, 14:30).
 *
 * A value that does not read as its type is shown as stored rather than hidden. An attribute the
 * template does not define (not editable for this service) shows its label by name and its value as stored.
 */
import type { Attribute } from '@foyer/api';
import { currentLocale, hasTranslation, t, templateLabel } from '../../app/i18n';

export function attributeLabel(name: string, definition: Attribute | undefined): string {
  const code = `profile.attribute.${name}`;
  if (hasTranslation(code)) return t(code);
  return templateLabel(name, definition?.label || name);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function day(value: string): string | null {
  const match = ISO_DAY.exec(value.trim());
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A calendar day, not an instant: formatted in UTC so no time zone moves it to the day before.
  const instant = new Date(Date.UTC(year, month - 1, date));
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== date) return null;
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(instant);
}

function dateTime(value: string): string | null {
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return null;
  // With a zone: that instant, in the visitor's time. Without (a datetime-local value): as typed.
  const zoned = !!match[7];
  const instant = zoned
    ? new Date(value.trim())
    : new Date(
        Date.UTC(
          Number(match[1]),
          Number(match[2]) - 1,
          Number(match[3]),
          Number(match[4]),
          Number(match[5]),
          Number(match[6] ?? 0),
        ),
      );
  if (Number.isNaN(instant.getTime())) return null;
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(zoned ? {} : { timeZone: 'UTC' }),
  }).format(instant);
}

function number(value: string): string | null {
  const text = value.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 20 }).format(Number(text));
}

function captions(value: string, options: NonNullable<Attribute['options']>): string {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => options.find((option) => option.value === part)?.caption ?? part)
    .join(', ');
}

export function attributeValue(value: string, definition: Attribute | undefined): string {
  if (!definition) return value;
  switch (definition.type) {
    case 'BOOLEAN': {
      const text = value.trim().toLowerCase();
      return text === 'true' ? t('forms.yes') : text === 'false' ? t('forms.no') : value;
    }
    case 'NUMERIC':
      return number(value) ?? value;
    case 'DATE':
      return day(value) ?? value;
    case 'DATE_TIME':
      return dateTime(value) ?? value;
    case 'STRING':
      return definition.options?.length ? captions(value, definition.options) : value;
  }
}
