import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe, type StripeCardNumberElement, type StripeElements } from '@stripe/stripe-js';
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

type FieldName = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const FIELDS: { name: FieldName; label: string }[] = [
  { name: 'cardNumber', label: 'payment.stripe.number' },
  { name: 'cardExpiry', label: 'payment.stripe.expiry' },
  { name: 'cardCvc', label: 'payment.stripe.cvc' },
];

/**
 * Stripe (provider STRIPE, purchase spec §2): Stripe Elements card number, expiry and CVC (card
 * data never touches our code), a PaymentMethod created by Stripe.js and posted as the token. When
 * the server answers REQUIRES_ACTION (3-D Secure), Stripe.js runs the challenge with the client
 * secret and the same attempt is posted again: the server then reads the intent's outcome.
 */
export default function StripeForm({ attributes, target, embedded }: PaymentFormProps) {
  const settingsKey = useAppSelector((state) => state.frame.settings.stripeKey?.key);
  const locale = useAppSelector((state) => state.frame.settings.locale);
  const key = settingsKey ?? target.publishableKey;
  const [script, retry] = useProviderScript(async () => {
    if (!key) throw new Error('No Stripe publishable key (settings.stripeKey or the payment page)');
    const stripe = await loadStripe(key, locale ? { locale: locale as 'auto' } : undefined);
    if (!stripe) throw new Error('Stripe.js not available');
    return stripe;
  });
  if (script.status === 'loading') return <Loading />;
  if (script.status === 'failed') {
    return (
      <PaymentShell attributes={attributes} embedded={embedded}>
        <ScriptFailed onRetry={retry} />
      </PaymentShell>
    );
  }
  return <StripeCardForm attributes={attributes} target={target} embedded={embedded} stripe={script.value} />;
}

function StripeCardForm({ attributes, target, embedded, stripe }: PaymentFormProps & { stripe: Stripe }) {
  const dispatch = useAppDispatch();
  const hosts = useRef<Partial<Record<FieldName, HTMLDivElement | null>>>({});
  const elementsRef = useRef<StripeElements | null>(null);
  const numberRef = useRef<StripeCardNumberElement | null>(null);
  const attempts = useRef(new PaymentAttempts()).current;
  const running = useRef(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    const elements = stripe.elements();
    elementsRef.current = elements;
    const created = FIELDS.map(({ name }) => {
      // The three element types share no option type; each gets only its own name.
      const element = elements.create(name as 'cardNumber');
      const host = hosts.current[name];
      if (host) element.mount(host);
      element.on('change', (event) => {
        setFieldErrors((current) => ({ ...current, [name]: event.error?.message }));
      });
      if (name === 'cardNumber') numberRef.current = element;
      return element;
    });
    return () => created.forEach((element) => element.destroy());
  }, [stripe]);

  const outstanding = Object.values(fieldErrors).find(Boolean);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current || !numberRef.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      // A field error Stripe reported (its own translated text) shows inline and blocks paying.
      if (outstanding) return;
      const created = await stripe.createPaymentMethod({ type: 'card', card: numberRef.current });
      if (created.error || !created.paymentMethod) {
        const failure = created.error;
        if (failure?.type === 'validation_error' && failure.message) {
          setFieldErrors((current) => ({ ...current, [fieldOf(failure.code)]: failure.message }));
        } else setError(catalogueError('payment_fail'));
        return;
      }
      const token = created.paymentMethod.id;
      let outcome = await dispatch(target.submit({ token }, attempts));
      if (outcome.status === 'requires_action') {
        setChallenge(true);
        // Stripe.js shows the issuer's challenge; whatever its answer, the server reads the
        // intent back on the second post (same attempt, same Idempotency-Key) and decides.
        await stripe.confirmCardPayment(outcome.clientSecret);
        setChallenge(false);
        outcome = await dispatch(target.submit({ token }, attempts));
        if (outcome.status === 'requires_action') {
          setError(catalogueError('payment_requires_action'));
          return;
        }
      }
      if (outcome.status === 'succeeded') setSuccess(true);
      else setError(outcome.error);
    } finally {
      running.current = false;
      setBusy(false);
      setChallenge(false);
    }
  };

  return (
    <PaymentShell
      attributes={attributes}
      busy={busy}
      busyLabel={challenge ? t('payment.challenge') : undefined}
      error={error}
      success={success}
      embedded={embedded}
    >
      <form noValidate onSubmit={(event) => void pay(event)}>
        {FIELDS.map(({ name, label }) => (
          <div className="field" key={name}>
            {/* Elements are Stripe's iframes: the visible label names the group and focuses the field. */}
            <span
              id={`stripe-${name}-label`}
              className="field-label"
              onClick={() => elementsRef.current?.getElement(name as 'cardNumber')?.focus()}
            >
              {t(label)}
            </span>
            <div
              role="group"
              aria-labelledby={`stripe-${name}-label`}
              aria-describedby={fieldErrors[name] ? `stripe-${name}-error` : undefined}
              className="payment-field-host"
              data-invalid={fieldErrors[name] ? 'true' : undefined}
              data-stripe-field={name}
              ref={(node) => {
                hosts.current[name] = node;
              }}
            />
            {fieldErrors[name] && (
              <p id={`stripe-${name}-error`} className="field-error" role="alert">
                {fieldErrors[name]}
              </p>
            )}
          </div>
        ))}
        <SubmitButton busy={busy} label={payLabel(attributes, target.total)} busyLabel={t('payment.paying')} />
      </form>
    </PaymentShell>
  );
}

/** Which field a Stripe validation error code belongs to. */
function fieldOf(code: string | undefined): FieldName {
  if (code?.includes('expiry')) return 'cardExpiry';
  if (code?.includes('cvc')) return 'cardCvc';
  return 'cardNumber';
}
