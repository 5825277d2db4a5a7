/**
 * Headlines for the live news widget; the generator picks a seeded subset, so
 * the pool is larger than the number of items shown. Invented stories only.
 */
export const NEWS_TYPES = ['Business', 'Technology', 'Culture', 'Travel'] as const;
export type NewsTypeName = (typeof NEWS_TYPES)[number];

export const newsPool: { heading: string; type: NewsTypeName }[] = [
  { heading: 'Family offices shift towards private credit as rates settle', type: 'Business' },
  { heading: 'Mid-sized exporters report strongest quarter since 2019', type: 'Business' },
  { heading: 'Boardrooms rethink four-day week pilots after mixed results', type: 'Business' },
  { heading: 'Luxury real estate cools in coastal cities, steady inland', type: 'Business' },
  { heading: 'Green bond issuance reaches new annual high', type: 'Business' },
  { heading: 'Founders turn to revenue-based financing over venture rounds', type: 'Business' },
  { heading: 'Open-source AI models close the gap on commercial rivals', type: 'Technology' },
  { heading: 'European grid operators trial battery-backed microgrids', type: 'Technology' },
  { heading: 'Quantum-safe encryption moves from labs to banking pilots', type: 'Technology' },
  { heading: 'Satellite broadband now reaches most remote research stations', type: 'Technology' },
  { heading: 'Hospitals adopt ambient AI scribes to cut paperwork', type: 'Technology' },
  { heading: 'Chipmakers bet on advanced packaging for the next leap', type: 'Technology' },
  { heading: 'Biennale opens with record number of first-time pavilions', type: 'Culture' },
  { heading: 'Independent bookshops see a second year of growth', type: 'Culture' },
  { heading: 'Restored silent films tour concert halls with live orchestras', type: 'Culture' },
  { heading: 'Museums open late-night programmes to younger audiences', type: 'Culture' },
  { heading: 'Chefs revive forgotten grains on tasting menus', type: 'Culture' },
  { heading: 'Night trains return on three cross-border routes', type: 'Travel' },
  { heading: 'Airlines expand quiet-cabin business class on long-haul flights', type: 'Travel' },
  { heading: 'Alpine resorts invest in year-round hiking over snow cannons', type: 'Travel' },
  { heading: 'Island nations introduce visitor caps for peak season', type: 'Travel' },
  { heading: 'Business travellers favour longer trips with fewer flights', type: 'Travel' },
];
