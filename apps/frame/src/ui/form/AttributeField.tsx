/**
 * One dynamic attribute field (identity spec §2): text, email, password, telephone and number
 * inputs, a checkbox for BOOLEAN, a date selector for DATE, a date-time input for DATE_TIME, and
 * for attributes with options a drop-down, radio buttons or multi-choice checkboxes (whose value
 * is the comma-joined option values).
 */
import './forms.css';
import type { FocusEvent, ReactNode } from 'react';
import { t } from '../../app/i18n';
// Registers the date checks the schemas of its date fields need (see registerDateChecks).
import './dates';
import { DateSelector } from './DateSelector';
import type { FieldSpec } from './fields';
import { MAX_INPUT_LENGTH } from './schema';
import type { Form } from './useTemplateForm';

export interface AttributeFieldProps {
  field: FieldSpec;
  idPrefix: string;
  value: string;
  error: string | null;
  showLabel?: boolean;
  onChange(value: string): void;
  onBlur(): void;
  /** Shown after the input, announced politely (the identifier check's tick or cross). */
  status?: ReactNode;
}

function isBirthDate(field: FieldSpec): boolean {
  return field.attribute.autocomplete?.startsWith('bday') === true || /birth/i.test(field.name);
}

function ErrorText({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * Leaving a field for the submit button does not mark it touched: its error would appear between
 * mouse-down and mouse-up, move the button, and swallow the click. The submit shows every error anyway.
 */
function towardsSubmit(event: FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLElement && next.matches('button[type="submit"]');
}

export function AttributeField(props: AttributeFieldProps) {
  const { field, idPrefix, value, error, showLabel, onChange, status } = props;
  const onBlur = (event: FocusEvent) => {
    if (!towardsSubmit(event)) props.onBlur();
  };
  const id = `${idPrefix}-${field.key.replace(':', '-')}`;
  const errorId = `${id}-error`;
  const labelClass = showLabel === false ? 'visually-hidden' : 'field-label';
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  const readOnlyNote = field.readOnly ? <span className="field-note"> {t('forms.readOnly')}</span> : null;

  switch (field.control) {
    case 'date':
      return (
        <DateSelector
          id={id}
          label={field.label}
          showLabel={showLabel}
          value={value}
          required={field.mandatory}
          disabled={field.readOnly}
          birthDate={isBirthDate(field)}
          error={error}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'checkbox':
      return (
        <div className="field">
          <div className="field-checkbox">
            <input
              id={id}
              name={id}
              type="checkbox"
              checked={value === 'true'}
              disabled={field.readOnly}
              required={field.mandatory}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
              onBlur={onBlur}
            />
            <label htmlFor={id}>
              {field.label}
              {readOnlyNote}
            </label>
          </div>
          <ErrorText id={errorId} error={error} />
        </div>
      );
    case 'radio':
    case 'checkboxes': {
      const multiple = field.control === 'checkboxes';
      const chosen = new Set(value ? value.split(',') : []);
      const toggle = (option: string, on: boolean) => {
        if (!multiple) return onChange(option);
        // Keep the template's option order so the joined value is stable.
        const next = field.options.map((o) => o.value).filter((v) => (v === option ? on : chosen.has(v)));
        onChange(next.join(','));
      };
      return (
        <fieldset className="field field-choices" aria-describedby={describedBy}>
          <legend className={labelClass}>
            {field.label}
            {readOnlyNote}
          </legend>
          {field.options.map((option, index) => (
            <div className="field-checkbox" key={option.value}>
              <input
                id={`${id}-${index}`}
                name={id}
                type={multiple ? 'checkbox' : 'radio'}
                value={option.value}
                checked={chosen.has(option.value)}
                disabled={field.readOnly}
                aria-invalid={invalid}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={onBlur}
              />
              <label htmlFor={`${id}-${index}`}>{option.caption}</label>
            </div>
          ))}
          <ErrorText id={errorId} error={error} />
        </fieldset>
      );
    }
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id} className={labelClass}>
            {field.label}
            {readOnlyNote}
          </label>
          <select
            id={id}
            name={id}
            className="field-input"
            value={value}
            disabled={field.readOnly}
            required={field.mandatory}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoComplete={field.autoComplete}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          >
            <option value="">{t('forms.choose')}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.caption}
              </option>
            ))}
          </select>
          <ErrorText id={errorId} error={error} />
        </div>
      );
    default: {
      const type =
        field.control === 'datetime' ? 'datetime-local' : field.control === 'number' ? 'text' : field.control;
      return (
        <div className="field">
          <label htmlFor={id} className={labelClass}>
            {field.label}
            {readOnlyNote}
          </label>
          <div className="field-row">
            <input
              id={id}
              name={id}
              className="field-input"
              type={type}
              // Numbers as text with a numeric keyboard: type=number hides what was typed when it is not a number.
              inputMode={field.control === 'number' ? 'decimal' : undefined}
              value={value}
              readOnly={field.readOnly}
              required={field.mandatory}
              aria-required={field.mandatory}
              maxLength={MAX_INPUT_LENGTH}
              placeholder={field.placeholder}
              autoComplete={field.autoComplete}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
            />
            {status}
          </div>
          <ErrorText id={errorId} error={error} />
        </div>
      );
    }
  }
}

/** An AttributeField bound to a template form (useTemplateForm): its value, visible error and handlers. */
export function FormAttributeField({
  form,
  field,
  idPrefix,
  showLabel,
  status,
}: Pick<AttributeFieldProps, 'field' | 'idPrefix' | 'showLabel' | 'status'> & { form: Form }) {
  return (
    <AttributeField
      field={field}
      idPrefix={idPrefix}
      value={form.values[field.key] ?? ''}
      error={form.visibleError(field.key)}
      showLabel={showLabel}
      onChange={(value) => form.setValue(field.key, value)}
      onBlur={() => form.touch(field.key)}
      status={status}
    />
  );
}
