import { useId } from 'react';
import type { AgendaView } from './agenda-ui-state.ts';

interface AgendaToolbarProps {
  view: AgendaView;
  live: boolean;
  favouriteCount: number;
  query: string;
  track: string | null;
  room: string | null;
  tracks: readonly string[];
  rooms: readonly string[];
  onView: (view: AgendaView) => void;
  onQuery: (query: string) => void;
  onTrack: (track: string | null) => void;
  onRoom: (room: string | null) => void;
  onClear: () => void;
}

/** View switch (all, my agenda, now during the event), search and the track and room filters. */
export function AgendaToolbar(props: AgendaToolbarProps) {
  const { view, live, favouriteCount, query, track, room, tracks, rooms } = props;
  const searchId = useId();
  const trackId = useId();
  const roomId = useId();
  const filtered = query !== '' || track !== null || room !== null;
  const views: { value: AgendaView; label: string }[] = [
    ...(live ? [{ value: 'now' as const, label: 'Now' }] : []),
    { value: 'all', label: 'All sessions' },
    { value: 'mine', label: `My agenda (${favouriteCount})` },
  ];

  return (
    <div className="agenda-toolbar">
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset */}
      <div className="agenda-views" role="group" aria-label="Show">
        {views.map((option) => (
          <button
            key={option.value}
            type="button"
            className="agenda-views__option"
            aria-pressed={view === option.value}
            onClick={() => props.onView(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <search className="agenda-search">
        <div className="field agenda-search__query">
          <label className="visually-hidden" htmlFor={searchId}>
            Search sessions
          </label>
          <SearchIcon />
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Search talks, speakers, rooms…"
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(event) => props.onQuery(event.target.value)}
          />
        </div>
        <div className="agenda-search__filters">
          <div className="field">
            <label className="visually-hidden" htmlFor={trackId}>
              Track
            </label>
            <select id={trackId} value={track ?? ''} onChange={(event) => props.onTrack(event.target.value || null)}>
              <option value="">All tracks</option>
              {tracks.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="visually-hidden" htmlFor={roomId}>
              Room
            </label>
            <select id={roomId} value={room ?? ''} onChange={(event) => props.onRoom(event.target.value || null)}>
              <option value="">All rooms</option>
              {rooms.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          {filtered ? (
            <button type="button" className="btn btn-ghost btn-sm agenda-search__clear" onClick={props.onClear}>
              Clear search and filters
            </button>
          ) : null}
        </div>
      </search>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg
      className="agenda-search__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  );
}
