import { dateFormat } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/i18n.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { TrainTicket } from '../../shared/contracts/catalog.ts';

function formatPurchaseDate(date: Date, language: Language): string {
  return dateFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The user's ticket with its code large enough to read out or type in at a ticket machine. */
export function TrainTicketCard({ ticket }: { ticket: TrainTicket }) {
  const t = useT('train-ticket');
  const language = useLanguage();
  const bought = new Date(ticket.createdAt);
  return (
    <article className="train-ticket" aria-labelledby="train-ticket-type">
      <header className="train-ticket__header">
        <p className="train-ticket__label">{t('yourTicket')}</p>
        <h2 id="train-ticket-type" className="train-ticket__type">
          {ticket.type.name}
        </h2>
      </header>
      <div className="train-ticket__body">
        <dl className="train-ticket__code-field">
          <dt className="train-ticket__code-label">{t('ticketCode')}</dt>
          <dd className="train-ticket__code">{ticket.code}</dd>
        </dl>
        <p className="train-ticket__description">{ticket.type.description}</p>
        {Number.isNaN(bought.getTime()) ? null : (
          <p className="train-ticket__bought">
            <Text
              ns="train-ticket"
              k="boughtOn"
              values={{ date: formatPurchaseDate(bought, language) }}
              components={{ time: <time dateTime={ticket.createdAt} /> }}
            />
          </p>
        )}
      </div>
    </article>
  );
}
