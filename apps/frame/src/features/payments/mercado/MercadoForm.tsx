import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import type { FoyerError } from '@foyer/api';
import { catalogueError } from '@foyer/api/widget';
import { Loading, SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { PaymentShell, ScriptFailed } from '../PaymentShell';
import { useProviderScript } from '../providerScript';
import { PaymentAttempts } from '../submitPayment';
import type { PaymentFormProps } from '../types';
import { payLabel } from '../payLabel';
import {
  binOf,
  cardDigits,
  formatCardNumber,
  formatSecurityCode,
  mapMercadoError,
  mercadoCardSchema,
  mercadoErrorCodes,
  type CardContext,
  type MercadoField,
} from './card';
import { createMercadoPago, type IdentificationType, type MercadoPagoInstance } from './sdk';

export default function MercadoForm({ attributes, target, embedded }: PaymentFormProps) {
  const settingsKey = useAppSelector((state) => state.frame.settings.mercadoKey?.key);
  const locale = useAppSelector((state) => state.frame.settings.locale);
  const key = settingsKey ?? target.publishableKey;
  const [script, retry] = useProviderScript(async () => {
    if (!key) throw new Error('No Mercado Pago public key (settings.mercadoKey or the payment page)');
    const mp = await createMercadoPago(key, locale);
    // The document types come from the provider; without them the form cannot be filled in.
    const types = await mp.getIdentificationTypes();
    return { mp, types };
  });
  if (script.status === 'loading') return <Loading />;
  if (script.status === 'failed') {
    return (
      <PaymentShell attributes={attributes} embedded={embedded}>
        <ScriptFailed onRetry={retry} />
      </PaymentShell>
    );
  }
  return <MercadoCardForm attributes={attributes} target={target} embedded={embedded} {...script.value} />;
}

type Values = Record<MercadoField | 'identificationType', string>;
/** The card type Mercado Pago found for a BIN (id null: none). */
type CardType = { id: string | null; name: string | null };
const EMPTY: Values = {
  cardNumber: '',
  securityCode: '',
  cardExpirationMonth: '',
  cardExpirationYear: '',
  cardholderName: '',
  identificationType: '',
  identificationNumber: '',
};

/** What each of our inputs keeps while typing. */
const digits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

/**
 * Mercado Pago (provider MERCADO, purchase spec §2, §5). Plain inputs with the SDK's core
 * methods (createCardToken), not Mercado Pago's Secure Fields: the secure card-number field lives
 * in the provider's iframe, where our code can neither group the digits in fours, cap them at 16
 * nor read the BIN as typed, and Secure Fields cannot be mixed with plain card fields in one token.
 * Cardholder name and document are plain inputs in either integration. The raw card data goes
 * only to Mercado Pago (createCardToken); our server receives the token.
 *
 * Formik holds the values, the field errors (ours from mercadoCardSchema on submit, and the
 * provider's token errors) and the submitting state. Errors show after Pay, as the provider's do;
 * editing a field clears its own.
 */
function MercadoCardForm({
  attributes,
  target,
  embedded,
  mp,
  types,
}: PaymentFormProps & { mp: MercadoPagoInstance; types: IdentificationType[] }) {
  const dispatch = useAppDispatch();
  const attempts = useRef(new PaymentAttempts()).current;
  const running = useRef(false);
  // Mercado Pago's answer per BIN: keyed by BIN, a late answer can never show for another number.
  const [cardTypes, setCardTypes] = useState<Readonly<Record<string, CardType>>>({});
  const [error, setError] = useState<FoyerError | null>(null);
  const [success, setSuccess] = useState(false);

  const pay = async (values: Values, { setErrors }: FormikHelpers<Values>, paymentMethodId: string) => {
    if (running.current) return;
    running.current = true;
    setError(null);
    try {
      let token: string;
      try {
        ({ id: token } = await mp.createCardToken({ ...values, cardNumber: cardDigits(values.cardNumber) }));
      } catch (refusal) {
        const mapped = mercadoErrorCodes(refusal).map(mapMercadoError);
        const fields: FormikErrors<Values> = {};
        for (const entry of mapped) if (entry.field) fields[entry.field] ??= entry.message;
        setErrors(fields);
        if (!mapped.length || mapped.some((entry) => !entry.field)) {
          setError(catalogueError('payment.mercado.error.default', [], 400));
        }
        return;
      }
      const outcome = await dispatch(
        target.submit(
          {
            token,
            paymentMethodId,
            ...(values.identificationType && values.identificationNumber
              ? { payerIdentification: { type: values.identificationType, number: values.identificationNumber } }
              : {}),
          },
          attempts,
        ),
      );
      if (outcome.status === 'succeeded') setSuccess(true);
      else if (outcome.status === 'failed') setError(outcome.error);
      else setError(catalogueError('payment_requires_action'));
    } finally {
      running.current = false;
    }
  };

  const form = useFormik<Values>({
    initialValues: { ...EMPTY, identificationType: types[0]?.id ?? '' },
    validateOnChange: false,
    validateOnBlur: false,
    // The schema's card-type rule reads the BIN lookup's answer from the context.
    validate: (values) =>
      validateYupSchema(values, mercadoCardSchema, false, { cardType: detected } satisfies CardContext).then(
        () => ({}),
        (invalid: unknown) => yupToFormErrors<Values>(invalid),
      ),
    // Validation passed, so a card type was detected.
    onSubmit: (values, helpers) => pay(values, helpers, detected!),
  });

  const bin = binOf(form.values.cardNumber);
  const known = bin ? cardTypes[bin] : undefined;
  useEffect(() => {
    if (!bin || known) return;
    const answer = (cardType: CardType) => setCardTypes((current) => ({ ...current, [bin]: cardType }));
    mp.getPaymentMethods({ bin }).then(
      (found) => {
        const method = found.results[0];
        answer({ id: method?.id ?? null, name: method?.name ?? method?.id ?? null });
      },
      () => answer({ id: null, name: null }),
    );
  }, [bin, known, mp]);
  const detected = known?.id ?? null;

  const edit = (name: keyof Values, value: string) => {
    void form.setFieldValue(name, value, false);
    form.setFieldError(name, undefined);
  };

  const field = (
    name: MercadoField,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> & { format?: (value: string) => string },
  ) => {
    const { format, ...rest } = props;
    const id = `mp-${name}`;
    const message = form.errors[name];
    return (
      <div className="field">
        <label htmlFor={id} className="field-label">
          {t(label)}
        </label>
        <input
          {...rest}
          id={id}
          name={name}
          className="field-input"
          value={form.values[name]}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => edit(name, format ? format(event.target.value) : event.target.value)}
        />
        {message && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t(message)}
          </p>
        )}
      </div>
    );
  };

  const busy = form.isSubmitting;
  return (
    <PaymentShell attributes={attributes} busy={busy} error={error} success={success} embedded={embedded}>
      <form noValidate onSubmit={form.handleSubmit}>
        {field('cardNumber', 'payment.mercado.number', {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          // 16 digits and 3 spaces.
          maxLength: 19,
          format: formatCardNumber,
        })}
        {detected && (
          <p className="payment-card-type" aria-live="polite">
            {t('payment.mercado.cardType', [known?.name ?? detected])}
          </p>
        )}
        <div className="payment-row">
          {field('cardExpirationMonth', 'payment.mercado.month', {
            inputMode: 'numeric',
            autoComplete: 'cc-exp-month',
            maxLength: 2,
            format: digits(2),
          })}
          {field('cardExpirationYear', 'payment.mercado.year', {
            inputMode: 'numeric',
            autoComplete: 'cc-exp-year',
            maxLength: 4,
            format: digits(4),
          })}
          {field('securityCode', 'payment.mercado.securityCode', {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            maxLength: 4,
            format: formatSecurityCode,
          })}
        </div>
        {field('cardholderName', 'payment.mercado.name', { autoComplete: 'cc-name' })}
        <div className="payment-row">
          <div className="field">
            <label htmlFor="mp-identificationType" className="field-label">
              {t('payment.mercado.docType')}
            </label>
            <select
              id="mp-identificationType"
              name="identificationType"
              className="field-input"
              value={form.values.identificationType}
              onChange={(event) => edit('identificationType', event.target.value)}
            >
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </div>
          {field('identificationNumber', 'payment.mercado.docNumber', { autoComplete: 'off', maxLength: 30 })}
        </div>
        <SubmitButton busy={busy} label={payLabel(attributes, target.total)} busyLabel={t('payment.paying')} />
      </form>
    </PaymentShell>
  );
}
