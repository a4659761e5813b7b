import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { CardProviderName, PaymentFormProps } from './types';

/**
 * The card providers' forms, by the provider the payment page names. Each is a chunk of its own:
 * a payment route (or the purchases list's update-payment dialog) downloads only the one it needs,
 * never a provider's SDK wrapper it does not use, which keeps it within its budget.
 */
export const CARD_FORMS: Record<CardProviderName, LazyExoticComponent<ComponentType<PaymentFormProps>>> = {
  STRIPE: lazy(() => import('./stripe/StripeForm')),
  MERCADO: lazy(() => import('./mercado/MercadoForm')),
  MANUAL: lazy(() => import('./manual/ManualForm')),
};
