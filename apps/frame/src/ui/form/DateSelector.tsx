import type { FocusEvent } from 'react';
import { t } from '../../app/i18n';
import { dayRange, joinDate, monthRange, splitDate, yearRange, type DateParts } from './dates';

export interface DateSelectorProps {
  id: string;
  label: string;
  showLabel?: boolean;
  value: string;
  required?: boolean;
  disabled?: boolean;
  /** A birth date: the browser may fill the parts in (autocomplete bday-day / bday-month / bday-year). */
  birthDate?: boolean;
  error?: string | null;
  onChange(value: string): void;
  onBlur?(event: FocusEvent): void;
  /** For tests: the year range's "now". */
  now?: Date;
}

/** Three drop-downs, day 1-31, month 1-12, year from 100 years back (identity spec §2, §5, §9). */
export function DateSelector(props: DateSelectorProps) {
  const parts = splitDate(props.value);
  const errorId = `${props.id}-error`;
  const set = (part: keyof DateParts, value: string) => props.onChange(joinDate({ ...parts, [part]: value }));
  const select = (part: keyof DateParts, label: string, numbers: number[], token: string) => (
    <div className="date-part">
      <label htmlFor={`${props.id}-${part}`} className="date-part-label">
        {label}
      </label>
      <select
        id={`${props.id}-${part}`}
        name={`${props.id}-${part}`}
        className="field-input"
        value={parts[part]}
        disabled={props.disabled}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        autoComplete={props.birthDate ? token : 'off'}
        onChange={(event) => set(part, event.target.value)}
        onBlur={props.onBlur}
      >
        <option value="">{label}</option>
        {numbers.map((number) => (
          <option key={number} value={String(number)}>
            {number}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="field date-selector" id={props.id}>
      <legend className={props.showLabel === false ? 'visually-hidden' : 'field-label'}>{props.label}</legend>
      <div className="date-parts">
        {select('day', t('forms.day'), dayRange(), 'bday-day')}
        {select('month', t('forms.month'), monthRange(), 'bday-month')}
        {select('year', t('forms.year'), yearRange(props.now), 'bday-year')}
      </div>
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
