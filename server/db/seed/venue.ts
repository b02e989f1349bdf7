import { createRng } from './prng.ts';

/**
 * Hotels around Europa-Park with their rooms and nightly availability. Badge ids 28, 30 and 31
 * are the shuttle badges (docs/behaviour.md §3); 12 marks hotels within walking distance of the venue.
 */
export const SHUTTLE_BADGES = [28, 30, 31] as const;
const WALKING_DISTANCE = 12;

/** normal: partly booked; last-one: exactly 1 left on the default nights; sold-out: none left. */
type AvailabilityProfile = 'normal' | 'last-one' | 'sold-out';

export interface RoomSeed {
  name: string;
  description: string;
  occupancy: number;
  priceCents: number;
  total: number;
  active?: boolean;
  internal?: boolean;
  profile?: AvailabilityProfile;
}

export interface AccommodationSeed {
  name: string;
  description: string;
  address: string;
  stars: number;
  distanceM: number;
  badgeIds: number[];
  rooms: RoomSeed[];
}

export const ACCOMMODATIONS: AccommodationSeed[] = [
  {
    name: 'Hotel Colosseo',
    description:
      'Europa-Park’s Italian-themed hotel around a Roman piazza, a short walk from the conference dome. Breakfast buffet and evening networking at the piazza bar.',
    address: 'Europa-Park-Straße 2, 77977 Rust',
    stars: 4,
    distanceM: 350,
    badgeIds: [WALKING_DISTANCE],
    rooms: [
      { name: 'Comfort Single', description: 'Double bed for single use, 24 m².', occupancy: 1, priceCents: 16_900, total: 40 },
      { name: 'Superior Double', description: 'King-size bed, piazza view, 30 m².', occupancy: 2, priceCents: 21_900, total: 30 },
      {
        name: 'Junior Suite',
        description: 'Separate living area with sofa bed, 45 m².',
        occupancy: 3,
        priceCents: 33_900,
        total: 8,
      },
    ],
  },
  {
    name: 'Hotel Bell Rock',
    description:
      'New England architecture with a lighthouse and harbour promenade, right next to the park entrance. Quiet rooms, generous breakfast.',
    address: 'Peter-Thumb-Straße 6, 77977 Rust',
    stars: 4,
    distanceM: 500,
    badgeIds: [WALKING_DISTANCE],
    rooms: [
      { name: 'Standard Single', description: 'Queen-size bed, 22 m².', occupancy: 1, priceCents: 15_900, total: 35 },
      { name: 'Standard Double', description: 'Two queen-size beds, 28 m².', occupancy: 2, priceCents: 20_900, total: 30 },
      {
        name: 'Captain’s Suite',
        description: 'Two rooms with harbour view. Closed for renovation in 2026.',
        occupancy: 4,
        priceCents: 38_900,
        total: 4,
        active: false,
      },
    ],
  },
  {
    name: 'Hotel Santa Isabel',
    description:
      'A Portuguese monastery recreated with cloisters and a chapel; the most intimate of the park hotels, popular with speakers.',
    address: 'Europa-Park-Straße 4, 77977 Rust',
    stars: 4,
    distanceM: 250,
    badgeIds: [WALKING_DISTANCE],
    rooms: [
      {
        name: 'Cloister Double',
        description: 'Vaulted ceiling, courtyard view, 32 m².',
        occupancy: 2,
        priceCents: 24_900,
        total: 20,
        profile: 'sold-out',
      },
      { name: 'Monastery Suite', description: 'Living room and terrace, 55 m².', occupancy: 2, priceCents: 42_900, total: 6 },
    ],
  },
  {
    name: 'Hotel Krønasår',
    description:
      'The Scandinavian museum hotel beside the Rulantica water world, with a shuttle to the conference every 15 minutes.',
    address: 'Rulantica-Straße 1, 77977 Rust',
    stars: 4,
    distanceM: 1_400,
    badgeIds: [28],
    rooms: [
      { name: 'Nordic Single', description: 'Double bed for single use, 25 m².', occupancy: 1, priceCents: 17_900, total: 30 },
      { name: 'Nordic Double', description: 'King-size bed, lake view, 31 m².', occupancy: 2, priceCents: 22_900, total: 25 },
      { name: 'Family Suite', description: 'Bunk-bed alcove and bathtub, 48 m².', occupancy: 4, priceCents: 39_900, total: 6 },
    ],
  },
  {
    name: 'Hotel Ringsheimer Hof',
    description: 'Family-run Baden inn with regional cuisine, five minutes by the conference shuttle from Ringsheim station.',
    address: 'Bahnhofstraße 12, 77975 Ringsheim',
    stars: 3,
    distanceM: 3_800,
    badgeIds: [28],
    rooms: [
      {
        name: 'Single Room',
        description: 'Single bed, shower, 16 m².',
        occupancy: 1,
        priceCents: 9_900,
        total: 12,
        profile: 'last-one',
      },
      { name: 'Double Room', description: 'Double bed, balcony, 22 m².', occupancy: 2, priceCents: 12_900, total: 10 },
    ],
  },
  {
    name: 'Landhotel Herbolzheim',
    description:
      'Country hotel among vineyards at the edge of the Black Forest; sauna and free parking, shuttle line 2 to Europa-Park.',
    address: 'Hauptstraße 41, 79336 Herbolzheim',
    stars: 3,
    distanceM: 7_500,
    badgeIds: [30],
    rooms: [
      { name: 'Single Room', description: 'Single bed, desk, 15 m².', occupancy: 1, priceCents: 8_900, total: 18 },
      { name: 'Double Room', description: 'Double bed, vineyard view, 21 m².', occupancy: 2, priceCents: 11_900, total: 14 },
      {
        name: 'Crew Contingent',
        description: 'Reserved for event crew; not bookable by attendees.',
        occupancy: 1,
        priceCents: 7_900,
        total: 10,
        internal: true,
      },
    ],
  },
  {
    name: 'Hotel am Stadtpark Lahr',
    description:
      'Modern business hotel next to the Lahr city park with a fitness room and late check-in; shuttle line 3 runs morning and evening.',
    address: 'Kaiserstraße 58, 77933 Lahr/Schwarzwald',
    stars: 4,
    distanceM: 19_500,
    badgeIds: [31],
    rooms: [
      { name: 'Business Single', description: 'Queen-size bed, work desk, 20 m².', occupancy: 1, priceCents: 10_900, total: 25 },
      { name: 'Business Double', description: 'King-size bed, 26 m².', occupancy: 2, priceCents: 13_900, total: 20 },
      { name: 'Park Suite', description: 'Corner suite with park view, 40 m².', occupancy: 3, priceCents: 22_900, total: 3 },
    ],
  },
  {
    name: 'Hotel Schwarzwaldblick Freiburg',
    description:
      'City hotel near Freiburg central station, ideal for arrivals by ICE; 35 minutes to Ringsheim/Europa-Park by regional train.',
    address: 'Bismarckallee 9, 79098 Freiburg im Breisgau',
    stars: 4,
    distanceM: 37_000,
    badgeIds: [5],
    rooms: [
      { name: 'City Single', description: 'Double bed for single use, 19 m².', occupancy: 1, priceCents: 13_900, total: 30 },
      { name: 'City Double', description: 'Double bed, minster view, 24 m².', occupancy: 2, priceCents: 17_900, total: 25 },
    ],
  },
];

/** Nights for which availability exists (a night is the date of check-in). */
export const FIRST_NIGHT = '2026-03-21';
export const LAST_NIGHT = '2026-03-28';
/** The accommodation search default stay (docs/behaviour.md §9): nights 23 to 26 March. */
export const DEFAULT_STAY = { start: '2026-03-23', end: '2026-03-27' } as const;

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The nights of a stay: check-in date inclusive to check-out date exclusive. */
export function nightsOf(start: string, end: string): string[] {
  const nights: string[] = [];
  for (let night = start; night < end; night = addDays(night, 1)) nights.push(night);
  return nights;
}

const ALL_NIGHTS = nightsOf(FIRST_NIGHT, addDays(LAST_NIGHT, 1));
const DEFAULT_NIGHTS = new Set(nightsOf(DEFAULT_STAY.start, DEFAULT_STAY.end));
/** Demand by night: the event runs 24-26 March, set-up and arrivals start on the 22nd. */
const DEMAND: Record<string, number> = {
  '2026-03-21': 0.15,
  '2026-03-22': 0.45,
  '2026-03-23': 0.8,
  '2026-03-24': 0.9,
  '2026-03-25': 0.9,
  '2026-03-26': 0.6,
  '2026-03-27': 0.25,
  '2026-03-28': 0.1,
};

export interface NightAvailability {
  night: string;
  total: number;
  booked: number;
}

/**
 * Availability of one room for every night, before the seeded demo bookings are added. Normal
 * rooms keep at least 2 free so a demo booking never makes them look sold out by accident.
 */
export function baseAvailability(room: RoomSeed, seed: number): NightAvailability[] {
  const rng = createRng(seed);
  return ALL_NIGHTS.map((night) => {
    const { total } = room;
    if (room.profile === 'sold-out') return { night, total, booked: total };
    if (room.profile === 'last-one' && DEFAULT_NIGHTS.has(night)) return { night, total, booked: total - 1 };
    const wanted = Math.round(total * (DEMAND[night] ?? 0) * (0.7 + 0.3 * rng.next()));
    return { night, total, booked: Math.max(0, Math.min(wanted, total - 2)) };
  });
}
