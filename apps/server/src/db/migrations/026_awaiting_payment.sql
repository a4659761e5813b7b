-- Issue 24, finding 2: a purchase awaiting its money (a bank transfer or cash order not yet
-- confirmed by an operator, a direct debit submitted but not settled) entitles to nothing. The
-- status says so while it is ACTIVE_PENDING; this column keeps saying so once the owner cancels it
-- (CANCELLED, which otherwise runs to its cancellation date), until the payment is confirmed.
ALTER TABLE subscriptions ADD COLUMN awaiting_payment BOOLEAN NOT NULL DEFAULT false;
UPDATE subscriptions SET awaiting_payment = true WHERE status = 'ACTIVE_PENDING';
-- Transfers cancelled before this column: their order is still unpaid (CREATED).
UPDATE subscriptions s SET awaiting_payment = true
  FROM purchases p JOIN payments pay ON pay.id = p.payment_id JOIN orders o ON o.id = pay.order_id
 WHERE p.id = s.purchase_id AND s.status = 'CANCELLED' AND o.status = 'CREATED';
