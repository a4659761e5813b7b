/** The payments' public entry (other features import only this): the visitor's name for a payment type. */
export { paymentTypeLabel } from './paymentTypeLabel';
