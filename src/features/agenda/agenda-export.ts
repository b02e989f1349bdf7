import { downloadText } from '../../lib/download.ts';
import { ICS_MIME_TYPE, type IcsEvent, writeCalendar } from '../../lib/ics.ts';
import type { PreparedSession } from './agenda-model.ts';

/** The venue every room is in; calendar apps show it next to the room. */
export const VENUE = 'Europa-Park';

/** UIDs stay the same between exports, so importing again updates events instead of doubling them. */
export function sessionUid(id: number): string {
  return `session-${id}@cloudfest2026`;
}

/** Speakers (name, title, company), then the track, then the abstract. */
export function sessionDescription(item: PreparedSession): string {
  const { speakers, track, abstract } = item.session;
  const lines: string[] = [];
  if (speakers.length > 0) {
    lines.push(speakers.length === 1 ? 'Speaker:' : 'Speakers:');
    for (const s of speakers) lines.push(`- ${[s.name, s.title, s.company].filter(Boolean).join(', ')}`);
    lines.push('');
  }
  lines.push(`Track: ${track}`, '', abstract);
  return lines.join('\n');
}

export function sessionEvent(item: PreparedSession): IcsEvent {
  return {
    uid: sessionUid(item.id),
    start: new Date(item.startMs),
    end: new Date(item.endMs),
    summary: item.session.title,
    location: `${item.session.room}, ${VENUE}`,
    description: sessionDescription(item),
    categories: [item.session.track],
  };
}

export type AgendaExport = 'mine' | 'full';

const NAMES: Record<AgendaExport, { calendar: string; file: string }> = {
  mine: { calendar: 'CloudFest 2026 – My agenda', file: 'cloudfest-2026-my-agenda.ics' },
  full: { calendar: 'CloudFest 2026 – Full schedule', file: 'cloudfest-2026-schedule.ics' },
};

/** The calendar text of `sessions` (already in list order). */
export function agendaCalendar(kind: AgendaExport, sessions: readonly PreparedSession[], stamp: Date): string {
  return writeCalendar({
    prodId: '-//CloudFest//CloudFest 2026 Agenda//EN',
    name: NAMES[kind].calendar,
    stamp,
    events: sessions.map(sessionEvent),
  });
}

export function downloadAgenda(kind: AgendaExport, sessions: readonly PreparedSession[]): void {
  downloadText(NAMES[kind].file, agendaCalendar(kind, sessions, new Date()), ICS_MIME_TYPE);
}
