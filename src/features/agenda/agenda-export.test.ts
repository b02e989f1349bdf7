import { describe, expect, it } from 'vitest';
import { agendaCalendar, sessionDescription, sessionUid } from './agenda-export.ts';
import { prepareAgenda } from './agenda-model.ts';

const agenda = prepareAgenda([
  {
    id: 42,
    title: 'Panel: Sovereign Cloud, Who Pays?',
    abstract: 'Three views; one answer.',
    startsAt: '2026-03-24T09:00:00+01:00',
    endsAt: '2026-03-24T09:45:00+01:00',
    room: 'Europa Hall',
    track: 'Hosting',
    speakers: [
      { name: 'Ada Lovelace', company: 'Engines Ltd', title: 'CTO' },
      { name: 'Grace Hopper', company: 'Navy Cloud', title: '' },
    ],
  },
  {
    id: 43,
    title: 'Keynote',
    abstract: 'Opening.',
    startsAt: '2026-03-25T09:00:00+01:00',
    endsAt: '2026-03-25T09:30:00+01:00',
    room: 'Dome',
    track: 'Business',
    speakers: [],
  },
]);
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('agenda calendar export', () => {
  it('gives each session a stable UID', () => {
    expect(sessionUid(42)).toBe('session-42@cloudfest2026');
  });

  it('describes speakers, track and abstract', () => {
    const [first, second] = agenda.sessions;
    expect(first && sessionDescription(first)).toBe(
      'Speakers:\n- Ada Lovelace, CTO, Engines Ltd\n- Grace Hopper, Navy Cloud\n\nTrack: Hosting\n\nThree views; one answer.',
    );
    expect(second && sessionDescription(second)).toBe('Track: Business\n\nOpening.');
  });

  it('writes one VEVENT per session with UTC times, the room at Europa-Park and escaped text', () => {
    const text = agendaCalendar('full', agenda.sessions, new Date('2026-03-01T00:00:00Z'));
    const lines = unfold(text).split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        'X-WR-CALNAME:CloudFest 2026 – Full schedule',
        'UID:session-42@cloudfest2026',
        'DTSTART:20260324T080000Z',
        'DTEND:20260324T084500Z',
        'SUMMARY:Panel: Sovereign Cloud\\, Who Pays?',
        'LOCATION:Europa Hall\\, Europa-Park',
        'CATEGORIES:Hosting',
        'UID:session-43@cloudfest2026',
      ]),
    );
  });
});
