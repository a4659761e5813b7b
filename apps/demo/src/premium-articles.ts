/** The demo's server-rendered premium articles: a teaser for everyone, the body for subscribers. */
export interface PremiumArticle {
  title: string;
  teaser: string;
  body: readonly string[];
}

export const ARTICLES: Readonly<Record<string, PremiumArticle>> = {
  'river-library': {
    title: 'The library that floats down the river',
    teaser: 'Every spring a converted barge carries four thousand books to the villages along the river.',
    body: [
      'The barge docks for two days at each landing. Children return last year’s books and choose new ones; the crew repairs bindings on deck between stops.',
      'The volunteers who run it say the busiest shelf is not fiction but repair manuals: tractors, outboard motors and sewing machines, borrowed, used and brought back a year later with notes in the margins.',
    ],
  },
};
