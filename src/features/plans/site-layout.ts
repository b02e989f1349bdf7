import type { Point, Rect } from '../../components/ui/pan-zoom.math.ts';
import { SHUTTLE_BADGE_IDS } from '../../shared/messages.ts';
import { normalizeText, type PlansKey } from './plan-text.ts';

/*
 * The site plan: Europa-Park in Rust with the Confertainment Center, the conference hotels (names,
 * addresses, distances and badges as in server/db/seed/venue.ts; a unit test keeps them in step),
 * the shuttle lines, stops, parking and the train station. Schematic, not to scale: hotels in
 * Ringsheim, Herbolzheim, Lahr and Freiburg sit at the edge in the direction they lie.
 */

export const SITE_WIDTH = 1000;
export const SITE_HEIGHT = 1000;

export type ShuttleLineId = 1 | 2 | 3;

export interface ShuttleLine {
  id: ShuttleLineId;
  /** The accommodation badge (docs/behaviour.md §3: 28, 30, 31) of hotels this line serves. */
  badgeId: number;
  name: string;
  /** Plans catalogue keys of the route and the timetable. */
  route: PlansKey;
  frequency: PlansKey;
  colour: string;
  path: Point[];
}

export interface SiteHotel {
  name: string;
  address: string;
  stars: number;
  distanceM: number;
  badgeIds: number[];
  x: number;
  y: number;
  /** Hotels beyond the drawn area: which way they lie (plans catalogue key). */
  offMap?: PlansKey;
  /** How to get to the venue without a shuttle (walk, train; plans catalogue key). */
  access?: PlansKey;
}

export type SitePointKind = 'venue' | 'entrance' | 'registration' | 'shuttle-stop' | 'parking' | 'station';

export interface SitePoint {
  id: string;
  kind: SitePointKind;
  /** Plans catalogue keys of its name and its note. */
  label: PlansKey;
  note: PlansKey;
  x: number;
  y: number;
  /** Where the label goes when below the symbol (the default) would cover a neighbour. */
  labelSide?: 'left' | 'right';
}

export interface SiteArea extends Rect {
  /** Plans catalogue key of its name. */
  label: PlansKey;
  kind: 'park' | 'water' | 'village' | 'venue';
}

export const SHUTTLE_LINES: ShuttleLine[] = [
  {
    id: 1,
    badgeId: 28,
    name: 'Shuttle 1',
    route: 'shuttle1Route',
    frequency: 'shuttle1Frequency',
    colour: '#0e7490',
    path: [
      { x: 900, y: 880 },
      { x: 200, y: 880 },
      { x: 200, y: 200 },
      { x: 800, y: 200 },
      { x: 800, y: 185 },
    ],
  },
  {
    id: 2,
    badgeId: 30,
    name: 'Shuttle 2',
    route: 'shuttle2Route',
    frequency: 'shuttle2Frequency',
    colour: '#c2410c',
    path: [
      { x: 330, y: 930 },
      { x: 330, y: 895 },
      { x: 215, y: 895 },
      { x: 215, y: 735 },
    ],
  },
  {
    id: 3,
    badgeId: 31,
    name: 'Shuttle 3',
    route: 'shuttle3Route',
    frequency: 'shuttle3Frequency',
    colour: '#7e22ce',
    path: [
      { x: 125, y: 60 },
      { x: 170, y: 60 },
      { x: 170, y: 720 },
      { x: 200, y: 720 },
    ],
  },
];

export const SITE_AREAS: SiteArea[] = [
  { kind: 'park', label: 'areaEuropaPark', x: 430, y: 250, width: 490, height: 470 },
  { kind: 'water', label: 'areaRulantica', x: 540, y: 60, width: 180, height: 110 },
  { kind: 'village', label: 'areaRust', x: 250, y: 70, width: 200, height: 100 },
  { kind: 'venue', label: 'confertainmentCenter', x: 250, y: 590, width: 160, height: 130 },
];

export const SITE_HOTELS: SiteHotel[] = [
  {
    name: 'Hotel Colosseo',
    address: 'Europa-Park-Straße 2, 77977 Rust',
    stars: 4,
    distanceM: 350,
    badgeIds: [12],
    x: 615,
    y: 800,
    access: 'hotelColosseoAccess',
  },
  {
    name: 'Hotel Bell Rock',
    address: 'Peter-Thumb-Straße 6, 77977 Rust',
    stars: 4,
    distanceM: 500,
    badgeIds: [12],
    x: 350,
    y: 420,
    access: 'hotelBellRockAccess',
  },
  {
    name: 'Hotel Santa Isabel',
    address: 'Europa-Park-Straße 4, 77977 Rust',
    stars: 4,
    distanceM: 250,
    badgeIds: [12],
    x: 425,
    y: 790,
    access: 'hotelSantaIsabelAccess',
  },
  {
    name: 'Hotel Krønasår',
    address: 'Rulantica-Straße 1, 77977 Rust',
    stars: 4,
    distanceM: 1_400,
    badgeIds: [28],
    x: 810,
    y: 110,
  },
  {
    name: 'Hotel Ringsheimer Hof',
    address: 'Bahnhofstraße 12, 77975 Ringsheim',
    stars: 3,
    distanceM: 3_800,
    badgeIds: [28],
    x: 880,
    y: 940,
    offMap: 'offMapRingsheim',
  },
  {
    name: 'Landhotel Herbolzheim',
    address: 'Hauptstraße 41, 79336 Herbolzheim',
    stars: 3,
    distanceM: 7_500,
    badgeIds: [30],
    x: 330,
    y: 930,
    offMap: 'offMapHerbolzheim',
  },
  {
    name: 'Hotel am Stadtpark Lahr',
    address: 'Kaiserstraße 58, 77933 Lahr/Schwarzwald',
    stars: 4,
    distanceM: 19_500,
    badgeIds: [31],
    x: 125,
    y: 60,
    offMap: 'offMapLahr',
  },
  {
    name: 'Hotel Schwarzwaldblick Freiburg',
    address: 'Bismarckallee 9, 79098 Freiburg im Breisgau',
    stars: 4,
    distanceM: 37_000,
    badgeIds: [5],
    x: 620,
    y: 930,
    offMap: 'offMapFreiburg',
    access: 'hotelFreiburgAccess',
  },
];

export const SITE_POINTS: SitePoint[] = [
  { id: 'venue', kind: 'venue', label: 'confertainmentCenter', note: 'pointVenueNote', x: 330, y: 655 },
  {
    id: 'conference-entrance',
    kind: 'entrance',
    label: 'pointConferenceEntrance',
    note: 'pointConferenceEntranceNote',
    x: 250,
    y: 655,
    labelSide: 'left',
  },
  { id: 'registration', kind: 'registration', label: 'kindRegistration', note: 'pointRegistrationNote', x: 380, y: 720 },
  { id: 'park-entrance', kind: 'entrance', label: 'pointParkEntrance', note: 'pointParkEntranceNote', x: 430, y: 480 },
  {
    id: 'shuttle-hub',
    kind: 'shuttle-stop',
    label: 'pointShuttleHub',
    note: 'pointShuttleHubNote',
    x: 200,
    y: 720,
    labelSide: 'left',
  },
  { id: 'stop-kronasar', kind: 'shuttle-stop', label: 'pointStopKronasar', note: 'pointStopKronasarNote', x: 800, y: 185 },
  { id: 'station', kind: 'station', label: 'pointStation', note: 'pointStationNote', x: 900, y: 880 },
  {
    id: 'parking-conference',
    kind: 'parking',
    label: 'pointParkingConference',
    note: 'pointParkingConferenceNote',
    x: 90,
    y: 780,
  },
  { id: 'parking-park', kind: 'parking', label: 'pointParkingPark', note: 'pointParkingParkNote', x: 330, y: 535 },
  {
    id: 'parking-rulantica',
    kind: 'parking',
    label: 'pointParkingRulantica',
    note: 'pointParkingRulanticaNote',
    x: 620,
    y: 228,
  },
];

/** Plans catalogue keys of the kinds of place, for cards and the legend. */
export const SITE_POINT_LABELS: Record<SitePointKind, PlansKey> = {
  venue: 'siteKindVenue',
  entrance: 'kindEntrance',
  registration: 'kindRegistration',
  'shuttle-stop': 'siteKindShuttleStop',
  parking: 'siteKindParking',
  station: 'siteKindStation',
};

/** The shuttle line serving a hotel, from its badges (docs/behaviour.md §3: 28, 30, 31 are shuttle badges). */
export function shuttleLineOf(hotel: Pick<SiteHotel, 'badgeIds'>): ShuttleLine | undefined {
  const shuttleBadges: readonly number[] = SHUTTLE_BADGE_IDS;
  return SHUTTLE_LINES.find((line) => hotel.badgeIds.includes(line.badgeId) && shuttleBadges.includes(line.badgeId));
}

/**
 * A hotel by name as links write it: 'Hotel Colosseo', 'colosseo' or 'Kronasar' all find the
 * same hotel; a part of a name counts when only one hotel has it.
 */
export function findHotel(name: string, hotels: readonly SiteHotel[] = SITE_HOTELS): SiteHotel | undefined {
  const wanted = normalizeText(name);
  if (!wanted) return undefined;
  const short = (hotelName: string) => normalizeText(hotelName).replace(/^(land)?hotel /, '');
  const exact = hotels.find((hotel) => normalizeText(hotel.name) === wanted || short(hotel.name) === wanted);
  if (exact) return exact;
  const partial = hotels.filter((hotel) => normalizeText(hotel.name).includes(wanted));
  return partial.length === 1 ? partial[0] : undefined;
}
