-- Paywall and notifier templates per language (issue 15): a page in es or pt-BR gets the site
-- owner's words in its language. `locale` is a BCP 47 tag ('es', 'pt-BR') or '' for any language
-- (the fallback, and every template written before this column).
ALTER TABLE paywall_templates ADD COLUMN locale TEXT NOT NULL DEFAULT '';
ALTER TABLE paywall_templates DROP CONSTRAINT paywall_templates_pkey;
ALTER TABLE paywall_templates ADD PRIMARY KEY (service_name, kind, display_on, segment, locale);
