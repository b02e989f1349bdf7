/** Event train tickets (a return journey to Ringsheim/Europa-Park from any German station). */
export const TRAIN_TICKET_TYPES = [
  {
    name: 'Deutsche Bahn Event Ticket – Return, 2nd class',
    description:
      'Return journey from any station in Germany to Ringsheim/Europa-Park, valid 22–28 March 2026, 2nd class, all trains incl. ICE.',
    priceCents: 10_990,
  },
  {
    name: 'Deutsche Bahn Event Ticket – Return, 1st class',
    description:
      'Return journey from any station in Germany to Ringsheim/Europa-Park, valid 22–28 March 2026, 1st class, all trains incl. ICE.',
    priceCents: 17_990,
  },
];
