/**
 * The site's configuration (issues 27, 28): every section of the shared schema (@foyer/api/config)
 * as the running server holds it — secrets shown only as "<secret: unchanged>" —, edited as JSON,
 * checked by the server without applying (the diff, or each refusal with its path) and saved.
 * The catalogue has a form of its own for the change made most: adding a plan.
 */
import { PLAN_FREQUENCIES } from '@foyer/api';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { errorText } from '../api/adminApi';
import {
  configErrors,
  useGetConfigSectionQuery,
  usePutConfigSectionMutation,
  type ConfigChange,
} from '../api/insightsApi';
import { useAppSelector } from '../app/hooks';
import { ErrorAlert, Status, usePageTitle } from '../ui/parts';

/** The sections of the configuration file, in its order, with what each holds. */
const SECTIONS: { name: string; label: string }[] = [
  { name: 'catalogue', label: 'Catalogue (products, plans, groups)' },
  { name: 'services', label: 'Services (origins, sign-in, webhooks)' },
  { name: 'paywall', label: 'Paywall (segments, meters, templates, Disqus sites)' },
  { name: 'realms', label: 'Realms' },
  { name: 'authenticationSchemes', label: 'Authentication schemes and forms' },
  { name: 'cancellationReasons', label: 'Cancellation reasons' },
];

interface Catalogue {
  products: { name: string; displayName: string; plans: Record<string, unknown>[] }[];
  groups: unknown[];
}

function ChangeReport({ change, errors }: { change: ConfigChange | null; errors: string[] }) {
  if (errors.length)
    return (
      <div role="alert" className="alert">
        <p>The server refused it:</p>
        <ul>
          {errors.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  if (!change) return <Status />;
  return (
    <>
      <Status>
        {change.diff.length === 0
          ? 'No change.'
          : change.applied
            ? 'Saved: the widgets use it now.'
            : 'Valid. Nothing saved yet: the change would be:'}
      </Status>
      {change.diff.length > 0 && <pre className="code">{change.diff.join('\n')}</pre>}
    </>
  );
}

function AddPlan({ catalogue, canWrite }: { catalogue: Catalogue; canWrite: boolean }) {
  const [put] = usePutConfigSectionMutation();
  const [change, setChange] = useState<ConfigChange | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const form = useFormik({
    initialValues: {
      product: catalogue.products[0]?.name ?? '',
      id: '',
      displayName: '',
      description: '',
      currency: 'EUR',
      finalPrice: '',
      frequency: 'MONTH1',
    },
    validationSchema: yup.object({
      product: yup.string().required('Choose a product.'),
      id: yup
        .string()
        .trim()
        .required('Give the plan an id.')
        .matches(/^[\w.:-]+$/, 'Letters, digits, . : _ - only.'),
      displayName: yup.string().trim().required('Give the plan a name visitors see.'),
      description: yup.string().trim(),
      currency: yup
        .string()
        .trim()
        .required('Give a currency.')
        .matches(/^[A-Z]{3}$/, 'A three-letter code, such as EUR.'),
      finalPrice: yup
        .string()
        .trim()
        .required('Give a price.')
        .matches(/^\d{1,12}(\.\d{1,4})?$/, 'A price such as 9.99.'),
      frequency: yup.string().oneOf([...PLAN_FREQUENCIES]),
    }),
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      setErrors([]);
      setChange(null);
      const plan = {
        id: values.id.trim(),
        displayName: values.displayName.trim(),
        description: values.description.trim(),
        currency: values.currency.trim(),
        finalPrice: values.finalPrice.trim(),
        frequency: values.frequency,
      };
      const value = {
        ...catalogue,
        products: catalogue.products.map((product) =>
          product.name === values.product ? { ...product, plans: [...product.plans, plan] } : product,
        ),
      };
      try {
        setChange(await put({ section: 'catalogue', value, dryRun: false }).unwrap());
        helpers.resetForm({ values: { ...values, id: '', displayName: '', description: '', finalPrice: '' } });
      } catch (error) {
        const lines = configErrors(error);
        setErrors(lines.length ? lines : [errorText(error)]);
      }
    },
  });
  const field = (name: keyof typeof form.values, label: string, extra: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`plan-${name}`}>{label}</label>
      <input
        id={`plan-${name}`}
        name={name}
        value={form.values[name]}
        onChange={form.handleChange}
        aria-invalid={!!form.errors[name]}
        aria-describedby={form.errors[name] ? `plan-${name}-error` : undefined}
        {...extra}
      />
      {form.errors[name] && (
        <p className="field-error" id={`plan-${name}-error`}>
          {form.errors[name]}
        </p>
      )}
    </div>
  );
  if (!canWrite) return null;
  return (
    <section aria-labelledby="add-plan">
      <h2 id="add-plan">Add a plan</h2>
      <form noValidate onSubmit={form.handleSubmit} className="stacked">
        <div>
          <label htmlFor="plan-product">Product</label>
          <select id="plan-product" name="product" value={form.values.product} onChange={form.handleChange}>
            {catalogue.products.map((product) => (
              <option key={product.name} value={product.name}>
                {product.displayName} ({product.name})
              </option>
            ))}
          </select>
        </div>
        {field('id', 'Plan id')}
        {field('displayName', 'Name shown to visitors')}
        {field('description', 'Description')}
        {field('currency', 'Currency', { autoComplete: 'off' })}
        {field('finalPrice', 'Price (e.g. 9.99)', { inputMode: 'decimal' })}
        <div>
          <label htmlFor="plan-frequency">Billed every</label>
          <select id="plan-frequency" name="frequency" value={form.values.frequency} onChange={form.handleChange}>
            {PLAN_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {frequency === 'NONE' ? 'Once (no renewal)' : frequency}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="primary" disabled={form.isSubmitting}>
            Add the plan
          </button>
        </div>
      </form>
      <ChangeReport change={change} errors={errors} />
    </section>
  );
}

export function ConfigurationPage() {
  usePageTitle('Configuration');
  const canWrite = useAppSelector((state) => state.auth.session?.permissions.includes('config:write') ?? false);
  const [section, setSection] = useState('catalogue');
  const current = useGetConfigSectionQuery(section);
  const catalogue = useGetConfigSectionQuery('catalogue');
  const [put, putting] = usePutConfigSectionMutation();
  const [text, setText] = useState('');
  const [prune, setPrune] = useState(false);
  const [change, setChange] = useState<ConfigChange | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (current.data !== undefined) setText(JSON.stringify(current.data, null, 2));
    setChange(null);
    setErrors([]);
  }, [current.data, section]);

  const send = async (dryRun: boolean) => {
    setChange(null);
    setErrors([]);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      setErrors([`Not JSON: ${(error as Error).message}`]);
      return;
    }
    try {
      setChange(await put({ section, value, dryRun, prune }).unwrap());
    } catch (error) {
      const lines = configErrors(error);
      setErrors(lines.length ? lines : [errorText(error)]);
    }
  };

  return (
    <>
      <h1>Configuration</h1>
      <p>
        What the widgets and the server use, stored in the database. Secrets are never shown: keep{' '}
        <code>&lt;secret: unchanged&gt;</code> to keep one, or write a new one.
      </p>
      {catalogue.data !== undefined && catalogue.data !== null && (
        <AddPlan catalogue={catalogue.data as Catalogue} canWrite={canWrite} />
      )}
      <section aria-labelledby="edit-section">
        <h2 id="edit-section">Edit a section</h2>
        <div className="filters">
          <div>
            <label htmlFor="config-section">Section</label>
            <select id="config-section" value={section} onChange={(event) => setSection(event.target.value)}>
              {SECTIONS.map((item) => (
                <option key={item.name} value={item.name}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ErrorAlert>{current.isError ? errorText(current.error) : ''}</ErrorAlert>
        <label htmlFor="config-text">{SECTIONS.find((item) => item.name === section)?.label} as JSON</label>
        <textarea
          id="config-text"
          className="code"
          rows={20}
          spellCheck={false}
          value={text}
          readOnly={!canWrite}
          onChange={(event) => setText(event.target.value)}
        />
        {canWrite && (
          <>
            <div className="check">
              <input
                id="config-prune"
                type="checkbox"
                checked={prune}
                onChange={(event) => setPrune(event.target.checked)}
                aria-describedby="config-prune-hint"
              />
              <label htmlFor="config-prune">Delete what this section no longer names</label>
            </div>
            <p id="config-prune-hint" className="hint">
              Without it, saving adds and updates only. Check first to see what would go; a plan with live subscribers
              is never deleted.
            </p>
          </>
        )}
        {canWrite && (
          <div className="actions">
            <button type="button" onClick={() => void send(true)} disabled={putting.isLoading}>
              Check
            </button>
            <button type="button" className="primary" onClick={() => void send(false)} disabled={putting.isLoading}>
              Save
            </button>
          </div>
        )}
        <ChangeReport change={change} errors={errors} />
      </section>
    </>
  );
}
