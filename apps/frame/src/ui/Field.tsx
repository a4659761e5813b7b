import type { InputHTMLAttributes, Ref } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  /** false: the label is visually hidden but still there for assistive technology. */
  showLabel?: boolean;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** A visible error under the field (already translated). */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const errorId = `${props.id}-error`;
  return (
    <div className="field">
      <label htmlFor={props.id} className={props.showLabel === false ? 'visually-hidden' : 'field-label'}>
        {props.label}
      </label>
      <input
        ref={props.inputRef}
        id={props.id}
        name={props.id}
        className="field-input"
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-required={props.required}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="field field-checkbox">
      <input
        id={props.id}
        name={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}
