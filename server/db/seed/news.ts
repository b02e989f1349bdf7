/** News for the home page, in publication order; times carry their Europe/Berlin offset. */
export const NEWS: { title: string; body: string; publishedAt: Date }[] = [
  {
    title: 'Registration for CloudFest 2026 is open',
    body: 'From 24 to 26 March 2026 the cloud industry meets again at Europa-Park in Rust. Register now and get your free Standard Pass with the code CF26 while the pool of 2,000 passes lasts. Everyone who registers before the end of February also enters the draw for two free hotel nights.',
    publishedAt: new Date('2026-01-12T09:00:00+01:00'),
  },
  {
    title: 'Survey: help us shape the programme',
    body: 'Tell us what you want to learn and whom you want to meet. The short survey takes two minutes and decides which topics get the big stages. You can change your answers until the event starts.',
    publishedAt: new Date('2026-01-15T10:00:00+01:00'),
  },
  {
    title: 'The agenda is live: more than 300 sessions on nine stages',
    body: 'Cloud Native, AI & Data, Security, Sustainability, Hosting, Edge, Web Performance and Business: the full programme is now in the app. Star the sessions you want to attend; your favourites are stored on your phone and work without signal in the halls.',
    publishedAt: new Date('2026-02-03T11:30:00+01:00'),
  },
  {
    title: 'Hackathon 2026: sovereign AI on open infrastructure',
    body: 'The CloudFest Hackathon returns on the weekend before the conference. Teams build open-source tools around running open-weight models on European infrastructure. Results are presented on the Dome stage on Wednesday afternoon.',
    publishedAt: new Date('2026-02-17T14:00:00+01:00'),
  },
  {
    title: 'Getting there: event train ticket and shuttles',
    body: 'Travel by train from any station in Germany with the Deutsche Bahn event ticket, available in the app from 109.90 €. Shuttle buses run from Ringsheim/Europa-Park station and from the partner hotels in Ringsheim, Herbolzheim, Lahr and Freiburg every 15 to 30 minutes.',
    publishedAt: new Date('2026-03-02T09:00:00+01:00'),
  },
  {
    title: 'Exhibitors: set-up times and booth deliveries',
    body: 'Booth set-up in Halls A to D and the Dome starts on Sunday, 22 March, at 08:00. Deliveries must be announced to the logistics desk at least 48 hours in advance. Exhibitor staff need a Partner Pass to enter before the doors open.',
    publishedAt: new Date('2026-03-10T16:00:00+01:00'),
  },
  {
    title: 'Your pass works offline',
    body: 'Open the Pass page once before you travel: the app keeps your badge on your phone, so the entrance scanners read it even when the mobile network in the park is busy. The same goes for your saved contacts and the lead scanner.',
    publishedAt: new Date('2026-03-18T12:00:00+01:00'),
  },
  {
    title: 'Day one: welcome to Europa-Park',
    body: 'Badge pick-up opens at 08:00 in the Dome foyer; the opening keynote starts at 09:00. Lunch is served from 12:30 in the Europa Hall foyer. The evening networking party begins at 19:30 in the Colosseo piazza.',
    publishedAt: new Date('2026-03-24T07:30:00+01:00'),
  },
  {
    title: 'Thank you for CloudFest 2026',
    body: 'Over three days, more than 9,000 participants, 150 exhibitors and 360 sessions made this the biggest CloudFest yet. Recordings of the keynotes are now available, and your invoices and visa letters stay in the app.',
    publishedAt: new Date('2026-03-30T10:00:00+02:00'),
  },
  {
    title: 'Early Bird for the next CloudFest is open',
    body: 'Early Bird passes for the next edition are available until 24 December. Returning attendees keep their account: sign in, choose your pass and you are done in a minute.',
    publishedAt: new Date('2026-11-01T09:00:00+01:00'),
  },
];
