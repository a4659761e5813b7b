/**
 * A small form state hook in the manner of formik's useFormik: values, touched, errors (computed
 * from the current values on every render), dirty, submit count. Errors show for a field once it
 * was touched or a submit was tried, so nobody is scolded while still typing.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { Errors, Values } from './rules';

export interface FormOptions {
  initialValues: Values;
  validate(values: Values): Errors;
  onSubmit(values: Values): void | Promise<void>;
  /** Called instead of onSubmit when the form is invalid (e.g. to show a summary). */
  onInvalid?(errors: Errors): void;
}

export interface Form {
  values: Values;
  errors: Errors;
  touched: Readonly<Record<string, boolean>>;
  valid: boolean;
  dirty: boolean;
  submitting: boolean;
  submitCount: number;
  setValue(key: string, value: string): void;
  touch(key: string): void;
  /** The error to show for a field now (touched or after a submit attempt), else null. */
  visibleError(key: string): string | null;
  handleSubmit(event?: FormEvent): Promise<void>;
  reset(values?: Values): void;
}

export function useForm({ initialValues, validate, onSubmit, onInvalid }: FormOptions): Form {
  const [initial, setInitial] = useState(initialValues);
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);

  const errors = useMemo(() => validate(values), [validate, values]);
  const valid = Object.keys(errors).length === 0;
  const dirty = Object.keys({ ...initial, ...values }).some((key) => (values[key] ?? '') !== (initial[key] ?? ''));

  const setValue = useCallback((key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);
  const touch = useCallback((key: string) => {
    setTouched((current) => (current[key] ? current : { ...current, [key]: true }));
  }, []);

  async function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    if (submitting) return;
    setSubmitCount((count) => count + 1);
    if (!valid) {
      onInvalid?.(errors);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  function reset(next: Values = initialValues) {
    setInitial(next);
    setValues(next);
    setTouched({});
    setSubmitCount(0);
  }

  return {
    values,
    errors,
    touched,
    valid,
    dirty,
    submitting,
    submitCount,
    setValue,
    touch,
    visibleError: (key) => ((touched[key] || submitCount > 0) && errors[key]) || null,
    handleSubmit,
    reset,
  };
}
