/**
 * formik for the template-driven forms (registration, edit profile, product profile), whose submit
 * stays enabled: a submit with problems shows every field's problem and lets the form summarise
 * them (`onInvalid`: 'Email is mandatory.', 'Please check: Phone.'). The values are the fields'
 * strings by field key; the rules come from the yup schema (schema.ts) or, for cross-field rules
 * not yet in a schema, `validate`.
 */
import type { FormEvent } from 'react';
import { useFormik, type FormikProps } from 'formik';
import type { ObjectSchema } from 'yup';
import type { Errors, Values } from './schema';
// Templates may hold date fields: their checks must be registered (see registerDateChecks).
import './dates';

export interface TemplateFormOptions {
  initialValues: Values;
  validationSchema?: ObjectSchema<Values>;
  validate?(values: Values): Errors;
  onSubmit(values: Values): void | Promise<void>;
  /** Called (besides formik marking every field touched) when a submit finds problems. */
  onInvalid?(errors: Errors, values: Values): void;
}

export interface Form {
  formik: FormikProps<Values>;
  values: Values;
  errors: Errors;
  valid: boolean;
  dirty: boolean;
  submitting: boolean;
  setValue(key: string, value: string): void;
  touch(key: string): void;
  /** The error to show for a field now (touched or after a submit attempt), else null. */
  visibleError(key: string): string | null;
  handleSubmit(event?: FormEvent): Promise<void>;
  /** New starting values (after a save, or a cancel): nothing touched, nothing changed. */
  reset(values?: Values): void;
}

export function useTemplateForm({
  initialValues,
  validationSchema,
  validate,
  onSubmit,
  onInvalid,
}: TemplateFormOptions): Form {
  const formik = useFormik<Values>({
    initialValues,
    validationSchema,
    validate,
    validateOnMount: true,
    onSubmit: async (values) => {
      await onSubmit(values);
    },
  });
  const errors = formik.errors as Errors;
  return {
    formik,
    values: formik.values,
    errors,
    valid: formik.isValid,
    dirty: formik.dirty,
    submitting: formik.isSubmitting,
    setValue: (key, value) => void formik.setFieldValue(key, value),
    touch: (key) => void formik.setFieldTouched(key, true),
    visibleError: (key) => ((formik.touched[key] || formik.submitCount > 0) && errors[key]) || null,
    handleSubmit: async (event) => {
      event?.preventDefault();
      if (formik.isSubmitting) return;
      const problems = (await formik.validateForm()) as Errors;
      if (Object.keys(problems).length) onInvalid?.(problems, formik.values);
      // Touches every field and counts the attempt; submits only when there is no problem.
      await formik.submitForm();
    },
    reset: (values = initialValues) => formik.resetForm({ values }),
  };
}
