-- A plan's new price reaches its live subscriptions only after the notice the owner chose
-- (the plan's `priceChangeNoticeDays`, billing/price-changes.ts): until the first period that
-- starts on or after `next_price_from` (app clock, ms), renewals keep `price_minor`.
ALTER TABLE subscriptions ADD COLUMN next_price_minor BIGINT;
ALTER TABLE subscriptions ADD COLUMN next_price_from BIGINT;
