/**
 * One profile field bound to the form's formik state (`useField`): its value, its own problem
 * once touched (or after a submit), else the server's verdict on the value it refused.
 */
import { useField, useFormikContext } from 'formik';
import { AttributeField } from '../../../ui/form/AttributeField';
import type { FieldSpec } from '../../../ui/form/fields';
import type { Values } from '../../../ui/form/schema';

/** Field errors of the server's last INVALID_FORM answer, each with the value it refused. */
export type ServerErrors = Record<string, { value: string; text: string }>;

/** What the form keeps in formik's `status`: the server's answer, which no schema can know. */
export interface ProfileStatus {
  serverErrors: ServerErrors;
}

/** The server's message for a field, while the field still holds the value it refused. */
export function useServerError(key: string): string | null {
  const { status, values } = useFormikContext<Values>();
  const entry = (status as ProfileStatus | undefined)?.serverErrors[key];
  return entry && entry.value === (values[key] ?? '') ? entry.text : null;
}

export function ProfileField({ field, showLabel }: { field: FieldSpec; showLabel: boolean }) {
  const [input, meta, helpers] = useField<string | undefined>(field.key);
  const serverError = useServerError(field.key);
  return (
    <AttributeField
      field={field}
      idPrefix="product-profile"
      value={input.value ?? ''}
      error={(meta.touched && meta.error) || serverError}
      showLabel={showLabel}
      onChange={(value) => void helpers.setValue(value)}
      onBlur={() => void helpers.setTouched(true)}
    />
  );
}
