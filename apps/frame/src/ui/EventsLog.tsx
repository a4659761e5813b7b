import { t } from '../app/i18n';
import { useAppSelector } from '../app/store/hooks';

/** Standalone only: the events the widget would have sent to the host page, for support staff. */
export function EventsLog() {
  const events = useAppSelector((state) => state.frame.events);
  return (
    <section className="events" aria-labelledby="foyer-events-title">
      <h2 id="foyer-events-title">{t('frame.events.title')}</h2>
      <p>{t('frame.events.description')}</p>
      <div aria-live="polite">
        {events.length === 0 ? (
          <p>{t('frame.events.empty')}</p>
        ) : (
          <ol className="events-list">
            {events.map((event, index) => (
              <li key={index}>
                <code>{event.name}</code> <code>{JSON.stringify(event.payload)}</code>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
