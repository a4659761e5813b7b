-- Cancellation reasons become configuration (issue 27): one row per reason, in the order the
-- account widget offers them, with its label per language ({"en": …, "es": …, "pt-BR": …}).
-- `label` is the fallback (English) text; `labels` the other languages.
CREATE TABLE cancellation_reasons (
  key TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  labels JSONB NOT NULL DEFAULT '{}'
);
-- The reasons of the List_Reasons_Cancel property (`KEY:label;…`), kept in their order.
INSERT INTO cancellation_reasons (key, position, label)
SELECT DISTINCT ON (trim(split_part(item, ':', 1)))
  trim(split_part(item, ':', 1)),
  ordinality,
  CASE WHEN strpos(item, ':') > 0 THEN trim(substr(item, strpos(item, ':') + 1)) ELSE trim(item) END
FROM properties, regexp_split_to_table(value, ';') WITH ORDINALITY AS parts(item, ordinality)
WHERE name = 'List_Reasons_Cancel' AND trim(split_part(item, ':', 1)) <> ''
ORDER BY trim(split_part(item, ':', 1)), ordinality;
DELETE FROM properties WHERE name = 'List_Reasons_Cancel';
-- The shipped reasons, still in their shipped words, in the frame's other languages.
UPDATE cancellation_reasons SET labels = '{"es": "Es demasiado caro", "pt-BR": "É caro demais"}'
  WHERE key = 'TOO_EXPENSIVE' AND label = 'It is too expensive';
UPDATE cancellation_reasons SET labels = '{"es": "No lo uso lo suficiente", "pt-BR": "Não uso o suficiente"}'
  WHERE key = 'NOT_USED' AND label = 'I do not use it enough';
UPDATE cancellation_reasons SET labels = '{"es": "El contenido no me interesa", "pt-BR": "O conteúdo não me interessa"}'
  WHERE key = 'CONTENT' AND label = 'The content does not interest me';
UPDATE cancellation_reasons SET labels = '{"es": "Otro motivo", "pt-BR": "Outro motivo"}'
  WHERE key = 'OTHER' AND label = 'Another reason';

-- Durable mail (issue 27): every mail of a server with SMTP is written here first (in the
-- transaction of the change that causes it where the caller has one), then delivered by a worker
-- (mail/queue.ts) with retries and backoff. A delivery holds a lease (`claimed_until`, app clock
-- ms) fenced by `attempts`, so with several instances each mail goes out once. A row leaves the
-- table once delivered or given up: mailed keys (activation, reset) are not kept at rest.
CREATE TABLE mail_queue (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  -- Not tried before this instant (the backoff after a failed attempt).
  due_at BIGINT NOT NULL,
  attempts INT NOT NULL DEFAULT 0,
  claimed_until BIGINT,
  last_error TEXT
);
CREATE INDEX mail_queue_due ON mail_queue (due_at, id);
