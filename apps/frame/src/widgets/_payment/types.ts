import type { PaymentPage } from '@foyer/api/widget';
import type { PaymentAttributes } from '@foyer/protocol';

/** What `payment` (or a provider route) hands the provider form it shows. */
export interface PaymentFormProps {
  attributes: PaymentAttributes;
  orderId: string;
  page: PaymentPage;
}
